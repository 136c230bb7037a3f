#!/usr/bin/env bash
# A single-node Slurm on localhost for development and CI (Debian 12, root, no systemd, no cgroups), written
# from the facts in ../shared/slurm/README.md: munged as user munge, slurmctld, slurmd, all on loopback, no
# slurmdbd (`sacct -c` reads the jobcomp file). Usage: start-local-slurm.sh start [--rest]|stop|status
# `start` installs the Debian packages when missing, writes /etc/slurm/slurm.conf (unless someone removed our
# "managed-by" line to take it over) and waits until the node is idle. Both commands are idempotent.
# `start --rest` also runs slurmrestd on 127.0.0.1:6820 (as the system user slurmrest: it refuses root) with
# JWT authentication: packages slurmrestd + slurm-wlm-jwt-plugin, a 32-byte key, AuthAltTypes=auth/jwt.
# The jwt lines are written whenever the plugin is installed (slurmctld refuses auth/jwt without it), so a
# plain `start` after a `start --rest` keeps the controller as it is; a changed config restarts the daemons.
set -euo pipefail

CONF=/etc/slurm/slurm.conf
MANAGED="# managed-by: harness-lab scripts/slurm/start-local-slurm.sh"
PACKAGES=(munge slurmctld slurmd slurm-client)
REST_PACKAGES=(slurmrestd slurm-wlm-jwt-plugin)
JWT_KEY=/etc/slurm/jwt_hs256.key
REST_LISTEN=127.0.0.1:6820
REST_PID=/run/slurmrestd.pid
REST_USER=slurmrest

log() { printf 'slurm: %s\n' "$*" >&2; }

install_packages() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
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
  local host nodeline auth_alt=""
  host=$(hostname -s)
  if dpkg -s slurm-wlm-jwt-plugin >/dev/null 2>&1; then
    write_jwt_key
    auth_alt="# JWT as an alternate auth type lets slurmrestd listen on TCP (127.0.0.1) with X-SLURM-USER-TOKEN.
AuthAltTypes=auth/jwt
AuthAltParameters=jwt_key=${JWT_KEY}"
  fi
  # The node line from the hardware slurmd sees; otherwise slurmd complains about socket/core boundaries.
  nodeline=$(slurmd -C | head -n 1)
  mkdir -p /etc/slurm /var/spool/slurmctld /var/spool/slurmd /var/log/slurm
  chown slurm: /var/spool/slurmctld /var/log/slurm
  local next
  next=$(mktemp)
  cat >"$next" <<CONF
$MANAGED
ClusterName=local
SlurmctldHost=${host}(127.0.0.1)
SlurmUser=slurm
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
${auth_alt}
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
  if [ -f "$CONF" ] && cmp -s "$next" "$CONF"; then rm -f "$next"; return 0; fi
  chmod 0644 "$next" && mv "$next" "$CONF"
  # Daemons running on the old file (e.g. without the jwt lines) must restart to read the new one.
  if running /run/slurmctld.pid || running /run/slurmd.pid; then
    log "the config changed: restarting slurmctld and slurmd"
    stop_one /run/slurmd.pid
    stop_one /run/slurmctld.pid
  fi
}

write_jwt_key() {
  if [ ! -s "$JWT_KEY" ]; then
    mkdir -p "$(dirname "$JWT_KEY")"
    (umask 077 && dd if=/dev/urandom of="$JWT_KEY" bs=32 count=1 status=none)
  fi
  chown slurm: "$JWT_KEY" && chmod 0600 "$JWT_KEY"
}

start_rest() {
  if ! grep -q '^AuthAltTypes=auth/jwt' "$CONF"; then
    log "$CONF has no AuthAltTypes=auth/jwt (not ours?): slurmrestd on TCP needs it"
    return 1
  fi
  id "$REST_USER" >/dev/null 2>&1 || useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$REST_USER"
  if ! running "$REST_PID"; then
    # slurmrestd refuses root; SLURM_JWT=daemon makes it pass each request's token on to slurmctld.
    SLURM_JWT=daemon start-stop-daemon --start --background --make-pidfile --pidfile "$REST_PID" --chuid "$REST_USER" \
      --output /var/log/slurm/slurmrestd.log --exec /usr/sbin/slurmrestd -- -a rest_auth/jwt -s openapi/v0.0.38 "$REST_LISTEN"
  fi
  local token i code=""
  token=$(scontrol token username=root lifespan=300 | sed -n 's/^SLURM_JWT=//p')
  for i in $(seq 1 100); do
    code=$(SLURM_JWT="$token" node -e '
      fetch(process.argv[1], { headers: { "X-SLURM-USER-NAME": "root", "X-SLURM-USER-TOKEN": process.env.SLURM_JWT }, signal: AbortSignal.timeout(2000) })
        .then((r) => console.log(r.status), () => console.log("none"))' "http://${REST_LISTEN}/slurm/v0.0.38/ping" 2>/dev/null || true)
    if [ "$code" = 200 ]; then
      log "slurmrestd answers on http://${REST_LISTEN} (JWT). A token: scontrol token username=root lifespan=3600"
      log "  the dashboard: HARNESS_LAB_SLURMRESTD_URL=http://${REST_LISTEN} (it runs scontrol token itself, or set HARNESS_LAB_SLURMRESTD_TOKEN)"
      return 0
    fi
    sleep 0.1
  done
  log "slurmrestd did not answer the ping (last: ${code:-nothing}); see /var/log/slurm/slurmrestd.log"
  tail -n 20 /var/log/slurm/slurmrestd.log >&2 || true
  return 1
}

# A PID file can outlive its daemon, and its PID may since belong to another process (a kernel worker held a dead
# slurmrestd's PID here, so slurmrestd was never started again): only the daemon the file is named for counts.
running() {
  local pid
  [ -f "$1" ] || return 1
  pid=$(cat "$1")
  [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$(basename "$1" .pid)" ]
}

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
  local rest=0
  [ "${1:-}" = "--rest" ] && rest=1
  if [ "$rest" -eq 1 ]; then install_packages "${PACKAGES[@]}" "${REST_PACKAGES[@]}"; else install_packages "${PACKAGES[@]}"; fi
  write_config
  start_munge
  running /run/slurmctld.pid || /usr/sbin/slurmctld
  running /run/slurmd.pid || /usr/sbin/slurmd
  local i state=""
  for i in $(seq 1 100); do
    state=$(sinfo -h -o '%T' 2>/dev/null | head -n 1 || true)
    case "$state" in idle|mixed|allocated)
      log "up: node $(hostname -s) is $state"
      if [ "$rest" -eq 1 ]; then start_rest || return 1; fi
      return 0 ;;
    esac
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
  stop_one "$REST_PID"
  stop_one /run/slurmd.pid
  stop_one /run/slurmctld.pid
  stop_one /run/munge/munged.pid
  log "stopped"
}

case "${1:-}" in
  start)
    case "${2:-}" in ""|--rest) start "${2:-}" ;; *) echo "usage: $0 start [--rest]" >&2; exit 2 ;; esac ;;
  stop) stop ;;
  status)
    sinfo -h -o '%N %T'
    if running "$REST_PID"; then echo "slurmrestd: running on $REST_LISTEN"; fi ;;
  *) echo "usage: $0 start [--rest]|stop|status" >&2; exit 2 ;;
esac
