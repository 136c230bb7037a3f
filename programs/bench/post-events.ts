// POST /api/v1/events for the benchmarks: node:http with a keep-alive agent and pre-encoded bodies. fetch's
// web-stream plumbing costs the client more CPU than the server spends, and on two cores that would be
// measured as the server's slowness. A 429 is honoured as the clients do (wait Retry-After, send again);
// anything else but 200 rejects with the status and the start of the answer.
import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

export async function postEvents(url: string, token: string, body: Buffer): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    let answer;
    try {
      answer = await postOnce(url, token, body);
    } catch (error) {
      // A kept-alive socket the server closed after its idle timeout (ECONNRESET, EPIPE), just as we reused it: the batch never
      // arrived (or arrived whole: re-sends are idempotent), so send it again on a fresh connection.
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt < 3 && (code === "ECONNRESET" || code === "EPIPE" || /socket hang up/.test(String(error)))) continue;
      throw error;
    }
    if (answer.retryAfterS === null) return answer.value;
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfterS! * 1000));
  }
}

function postOnce(url: string, token: string, body: Buffer): Promise<{ value: Record<string, unknown>; retryAfterS: number | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${url}/api/v1/events`, {
      method: "POST",
      agent,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": body.length },
    });
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (d: Buffer) => chunks.push(d));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (response.statusCode === 429) return resolve({ value: {}, retryAfterS: Number(response.headers["retry-after"] ?? 1) });
        if (response.statusCode !== 200) return reject(new Error(`ingest answered ${response.statusCode}: ${text.slice(0, 500)}`));
        resolve({ value: JSON.parse(text) as Record<string, unknown>, retryAfterS: null });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** The agent, so a bench can close its kept-alive sockets when it ends. */
export const benchAgent = agent;
