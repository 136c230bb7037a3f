// The job system (issue 7): launch training epochs, candidate comparisons and evaluations as local processes,
// Slurm jobs or Ray jobs (issue 41), follow them, cancel them. Server-only; pages, server actions and route handlers call these.
//
// TEMPLATES (lib/services/jobs/templates.ts, template-schema.ts)
//   saveTemplate(store, { id, experimentId?, spec, actor })      admins only; spec = JobTemplateInput (zod-checked whole)
//   getJobTemplate(store, id) / listJobTemplates(store, { experimentId })   templates offered for an experiment
//   seedReferenceTemplates(store)   inserts the preinstalled reference-train-epoch / -compare-candidate / -evaluate
//                                   templates when missing (called on every server start from lib/services/server/startup.ts)
//   A template: kind, command (argv array; items may hold {placeholder}s, never in command[0]), typed placeholders
//   (checkpoint | harness_version | proposal: ids that must exist in the job's experiment; epoch | repeats | seed:
//   bounded integers; benchmark: safe label; enum; string with a pattern), env, cwd, resources (executor,
//   partition, cpus, gpus, memory, timeLimitMinutes, workingDir — Ray's runtime_env.working_dir). Server values: {node} {home} {job} {job_dir} {harness_dir}
//   {experiment} {run}. An item referring to an optional placeholder left empty is dropped whole.
//
// LAUNCH / CANCEL (launch.ts, cancel.ts) — reviewers and admins (or a token with scope admin); never a job's token
//   launchJob(store, { templateId, params, actor, experimentId?, confirmUnreviewed? }) → { ok, job } | { ok: false, status, error, problems? }
//     params are validated BEFORE anything is written (problems name the parameter and the reason);
//     harness code from outside nobody reviewed, an H0 included (unreviewed-gate.ts) → 409 { unreviewed, review:
//     the launch form's path } unless a signed-in reviewer passes confirmUnreviewed: [ids] (then marked reviewed
//     + audit "harness_version.review"); checked before any executor is chosen, so local and Slurm alike;
//     records job + audit "job.launch" + the job's token (ingest+read, job_id set) in ONE transaction; writes
//     the server's control files <jobDir>/spec.json, job.log (later exit.json) and the job's work folder
//     <jobDir>/work/ (HARNESS_LAB_JOB_DIR, {job_dir}): harness/ (the chosen version), base-harness/ (a proposal's
//     base), inputs.json — the one folder a confined job sees of its directory, and may write;
//     env of the job: HARNESS_LAB_URL, HARNESS_LAB_TOKEN, HARNESS_LAB_EXPERIMENT, HARNESS_LAB_RUN (run id
//     "job-<job id>"; the run it creates gets runs.job_id), HARNESS_LAB_HARNESS_DIR, HARNESS_LAB_JOB, HARNESS_LAB_JOB_DIR.
//     Slurm: an unreachable controller → { ok: false, status: 503, job } with the job recorded "failed" and the reason.
//     Ray (ray-runner.ts, ray-client.ts, ray-api.ts): POST /api/jobs/ with submission_id harness-lab-<job id>,
//     the argv quoted for sh as the entrypoint, the job's env + token in runtime_env.env_vars; no Ray cluster
//     configured → 503 before anything is written; an unreachable head → 503 with the job recorded "failed".
//   cancelJob(store, { jobId, actor }) → { ok, job }: queued ends at once; local: SIGTERM to the process group,
//     SIGKILL after HARNESS_LAB_JOB_GRACE_MS; Slurm: scancel, ends when Slurm says CANCELLED; Ray: POST
//     /api/jobs/{id}/stop, ends when Ray says STOPPED.
//
// READ (db/queries/jobs.ts, log-tail.ts)
//   getJob(store, id) / listJobs(store, { status, experimentId, executor, templateId, kind, createdBy, before, limit })
//     → JobRecord: status, reason, exit code, duration, progress + message, who launched it, the runs it produced
//   tailLog(store, jobId, offset) → { text, nextOffset, size, done }: poll from nextOffset;
//   followLog(store, jobId, { offset, signal }) — an async generator of chunks until the job ended (for streaming)
//
// SUPERVISION (supervisor.ts, runtime.ts)
//   startJobSupervisor(store) → { recovered, stop }: recoverJobs first, then a tick every 2 s (local queue with
//     HARNESS_LAB_JOB_SLOTS slots, exit codes, time limits, cancels, Slurm states, progress from the log)
//   recoverJobs(store) → { active, ended }: a running local job is found again by pid + /proc start time (a
//     reused pid is not mistaken), else ended from its exit file, else marked "lost" with the reason; a Ray
//     job by its submission id (stored, or derived from the job id when the launch stopped before storing it)
//   configureJobRuntime(store, options) — tests and embedding: jobsRoot, slots, graceMs, serverUrl, executor …
//
// PROGRESS: a job prints a line `{"harness_lab_progress": 0.4, "message": "…"}` (progressLine()) on stdout;
// the supervisor reads it from the log into jobs.progress / progress_message.
// INGEST: a job's token may only write its own runs' records in its own experiment, and never a decision (403
// otherwise; app/api/v1/events/route.ts, db/queries/jobs-ingest-scope.ts), and run events it sends get
// runs.job_id = the job.
// CONFINEMENT (sandbox.ts): local and Slurm jobs run in bubblewrap (Ray jobs do not: the cluster runs them); a server running as root hands the job to an
// unprivileged user (HARNESS_LAB_JOB_USER) with no capabilities.
// SETTINGS: HARNESS_LAB_JOB_EXECUTOR, HARNESS_LAB_JOB_SLOTS, HARNESS_LAB_JOBS_DIR, HARNESS_LAB_JOB_URL,
// HARNESS_LAB_JOB_GRACE_MS (lib/services/jobs/job-config.ts), HARNESS_LAB_JOB_SANDBOX, HARNESS_LAB_JOB_USER (sandbox.ts),
// HARNESS_LAB_RAY_ADDRESS, HARNESS_LAB_RAY_TOKEN, HARNESS_LAB_RAY_HEADERS (ray-client.ts; docs/ray.md).
export { launchJob, type LaunchInput, type LaunchResult } from "./launch";
export { cancelJob, type CancelResult } from "./cancel";
export { getJob, listJobs, type JobRecord, type JobFilter, type JobStatus } from "../../../db/queries/jobs";
export { tailLog, followLog, type LogChunk } from "./log-tail";
export { recoverJobs, startJobSupervisor, type JobSupervisor, type RecoveryReport } from "./supervisor";
export { configureJobRuntime, jobRuntime, type RuntimeOptions } from "./runtime";
export { saveTemplate, getJobTemplate, listJobTemplates, type JobTemplate, type TemplateResult } from "./templates";
export { seedReferenceTemplates, REFERENCE_TEMPLATES } from "./reference-templates";
export { JobTemplateSpec, type JobTemplateInput, type PlaceholderSpec } from "./pure/template-schema";
export { renderCommand, validateParams, type ParamProblem } from "./render-command";
export { progressLine, PROGRESS_KEY } from "./progress";
export type { JobActor } from "./permissions";
