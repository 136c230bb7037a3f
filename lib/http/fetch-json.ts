// The client's one JSON fetch: no cache, JSON accepted, and a refusal turned into an ApiError that carries the
// HTTP status and the server's own `error` text (or, on 401, the sentence that tells a person to sign in
// again). The react-query hooks of the viewer, charts, jobs and experiments list all read through it.

export class ApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

export const SESSION_ENDED = "Your session has ended; sign in again.";

export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, { headers: { accept: "application/json" }, cache: "no-store", signal });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new ApiError(res.status, res.status === 401 ? SESSION_ENDED : body?.error ?? `HTTP ${res.status}`);
  }
  return (await res.json()) as T;
}
