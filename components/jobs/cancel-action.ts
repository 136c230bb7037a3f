// The server action a job page hands to its cancel button (app/jobs/[id]/actions.ts implements it).
export type CancelAction = (previous: unknown, formData: FormData) => Promise<{ error: string } | { ok: true; status: string }>;
