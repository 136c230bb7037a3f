// A producer's send as a trainer does it: POST the batch, and on a dropped connection, a 5xx or a 429 wait
// and send the very same bytes again (ids come from the producer, so a repeat is answered "unchanged").
export interface PostOutcome {
  status: number;
  body: string;
  attempts: number;
  /** Attempts that failed with no HTTP answer at all (connection refused or reset). */
  networkErrors: number;
  serverErrors: number;
}

export async function postUntilAnswered(
  url: string,
  token: string,
  body: string,
  options: { deadlineMs?: number; requestTimeoutMs?: number } = {},
): Promise<PostOutcome> {
  const deadline = Date.now() + (options.deadlineMs ?? 180_000);
  let attempts = 0;
  let networkErrors = 0;
  let serverErrors = 0;
  for (let backoff = 25; ; backoff = Math.min(backoff * 2, 500)) {
    attempts++;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
        signal: AbortSignal.timeout(options.requestTimeoutMs ?? 60_000),
      });
      const text = await response.text();
      if (response.status < 500 && response.status !== 429) return { status: response.status, body: text, attempts, networkErrors, serverErrors };
      serverErrors++;
      if (Date.now() > deadline) return { status: response.status, body: text, attempts, networkErrors, serverErrors };
    } catch (error) {
      networkErrors++;
      if (Date.now() > deadline) return { status: 0, body: String(error), attempts, networkErrors, serverErrors };
    }
    await new Promise((resolve) => setTimeout(resolve, backoff));
  }
}
