// An HTTP/1.1 connection that sends exactly the bytes it is given, for tests of what browsers and Playwright's client
// never send: a path kept as typed (/./sign-in/link), a GET with a body, and requests one after another on the same
// connection, where a proxy that loses track of where one request ends answers the next with the wrong page.
import net from "node:net";

export interface RawAnswer {
  status: number;
  /** Header names lowercased; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: string;
}

const ANSWER_TIMEOUT_MS = 15_000;

/** The length of the answer at the start of `bytes` (head, then a body by Content-Length or chunks), or null if it is not all there yet. */
function answerLength(bytes: Buffer, head: string, headEnd: number): number | null {
  if (/^transfer-encoding:.*chunked/im.test(head)) {
    let at = headEnd;
    for (;;) {
      const eol = bytes.indexOf("\r\n", at);
      if (eol < 0) return null;
      const size = parseInt(bytes.subarray(at, eol).toString("latin1"), 16);
      // The last chunk (size 0) is followed by an empty trailer section.
      if (size === 0) return bytes.length >= eol + 4 ? eol + 4 : null;
      at = eol + 2 + size + 2;
    }
  }
  const length = Number(/^content-length:\s*(\d+)/im.exec(head)?.[1] ?? 0);
  return bytes.length >= headEnd + length ? headEnd + length : null;
}

function parseAnswer(bytes: Buffer, head: string, headEnd: number, end: number): RawAnswer {
  const [statusLine, ...lines] = head.split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  let body = bytes.subarray(headEnd, end);
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const pieces: Buffer[] = [];
    for (let at = 0; ; ) {
      const eol = body.indexOf("\r\n", at);
      const size = parseInt(body.subarray(at, eol).toString("latin1"), 16);
      if (!size) break;
      pieces.push(body.subarray(eol + 2, eol + 2 + size));
      at = eol + 2 + size + 2;
    }
    body = Buffer.concat(pieces);
  }
  return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]), headers, body: body.toString("utf8") };
}

export class RawConnection {
  private received = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private closed = false;

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk: Buffer) => {
      this.received = Buffer.concat([this.received, chunk]);
      this.waiting?.();
    });
    socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
    socket.on("error", () => {});
  }

  /** A connection to a TCP port, or to a Unix socket when `port` is a path. */
  static open(port: number | string, host = "127.0.0.1"): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = typeof port === "string" ? net.connect(port) : net.connect(port, host);
      socket.once("connect", () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  /** Writes `request` as is and reads the one answer to it (a HEAD request's answer is not supported). */
  async send(request: string, timeoutMs = ANSWER_TIMEOUT_MS): Promise<RawAnswer> {
    this.socket.write(request, "latin1");
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const headEnd = this.received.indexOf("\r\n\r\n");
      if (headEnd >= 0) {
        const head = this.received.subarray(0, headEnd).toString("latin1");
        const end = answerLength(this.received, head, headEnd + 4);
        if (end !== null) {
          const answer = parseAnswer(this.received, head, headEnd + 4, end);
          this.received = this.received.subarray(end);
          return answer;
        }
      }
      if (this.closed) throw new Error(`the connection closed before a whole answer to ${JSON.stringify(request.split("\r\n", 1)[0])}; got ${JSON.stringify(this.received.toString("latin1").slice(0, 200))}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.split("\r\n", 1)[0])}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
  }

  close(): void {
    this.socket.destroy();
  }
}
