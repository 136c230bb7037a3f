#!/usr/bin/env bash
# A single-node Slurm on localhost for development and CI (Debian 12, root, no systemd, no cgroups), written
# from the facts in ../shared/slurm/README.md: munged as user munge, slurmctld, slurmd, all on loopback, no
# slurmdbd (`sacct -c` reads the jobcomp file). Usage: start-local-slurm.sh start|stop|status
# `start` installs the Debian packages when missing, writes /etc/slurm/slurm.conf (unless someone removed our
# "managed-by" line to take it over) and waits until the node is idle. Both commands are idempotent.
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MANAGED="# managed-by: harness-lab scripts/slurm/start-local-slurm.sh"
PACKAGES=(munge slurmctld slurmd slurm-client)

log() { printf 'slurm: %s\n' "$*" >&2; }

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing ${missing[*]}"
  # Keep the packages' maintainer scripts from starting services (there is no init system to own them).
  local had_policy=0
  [ -e /usr/sbin/policy-rc.d ] && had_policy=1
  if [ "$had_policy" -eq 0 ]; then printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null; }
  if [ "$had_policy" -eq 0 ]; then rm -f /usr/sbin/policy-rc.d; fi
}

write_config() {
  if [ -f "$CONF" ] && ! grep -qF "$MANAGED" "$CONF"; then
    log "$CONF is not ours (no managed-by line): leaving it as it is"
    return 0
  fi
  local host nodeline
  host=$(hostname -s)
  # The node line from the hardware slurmd sees; otherwise slurmd complains about socket/core boundaries.
  nodeline=$(slurmd -C | head -n 1)
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
  chown slurm: /var/spool/slurmctld /var/log/slurm
  cat >"$CONF" <<CONF
$MANAGED
ClusterName=local
SlurmctldHost=${host}(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
SlurmctldPort=6817
SlurmdPort=6818
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
# No cgroups and no systemd here: processes tracked through /proc, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# No slurmdbd: plain sacct refuses; \`sacct -c\` reads this jobcomp file.
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=/var/log/slurm/jobcomp.log
# Finished jobs stay visible to scontrol / squeue -t all for an hour.
MinJobAge=3600
SlurmctldTimeout=30
SlurmdTimeout=30
${nodeline} NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=${host} Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
CONF
}

running() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

start_munge() {
  if [ ! -s /etc/munge/munge.key ]; then
    mkdir -p /etc/munge
    dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
  fi
  chown munge: /etc/munge/munge.key && chmod 0400 /etc/munge/munge.key
  mkdir -p /run/munge && chown munge: /run/munge
  # munged refuses to run as root.
  running /run/munge/munged.pid || runuser -u munge -- /usr/sbin/munged
}

start() {
  install_packages
  write_config
  start_munge
  running /run/slurmctld.pid || /usr/sbin/slurmctld
  running /run/slurmd.pid || /usr/sbin/slurmd
  local i state=""
  for i in $(seq 1 100); do
    state=$(sinfo -h -o '%T' 2>/dev/null | head -n 1 || true)
    case "$state" in idle|mixed|allocated) log "up: node $(hostname -s) is $state"; return 0 ;; esac
    sleep 0.1
  done
  log "the node did not become idle (state: ${state:-none}); see /var/log/slurm/"
  tail -n 20 /var/log/slurm/slurmctld.log /var/log/slurm/slurmd.log >&2 || true
  return 1
}

stop_one() {
  local pidfile=$1
  if running "$pidfile"; then
    local pid
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  # A stale PID file breaks later package removal (the prerm's scancel cannot reach the controller).
  rm -f "$pidfile"
}

stop() {
  stop_one /run/slurmd.pid
  stop_one /run/slurmctld.pid
  stop_one /run/munge/munged.pid
  log "stopped"
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) sinfo -h -o '%N %T' ;;
  *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
