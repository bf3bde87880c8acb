/**
 * HTTP/1.1 over a plain TCP socket, for what ordinary clients hide: several
 * requests on one keep-alive connection, a body the server never reads, a
 * declared length that is never sent, and how the server ends the connection
 * (a clean close, or a reset). Every wait has a deadline, so a connection that
 * hangs fails the test instead of stalling it.
 */
import net from "node:net";

export type RawResponse = { status: number; headers: Record<string, string>; body: string };

export class RawConnection {
  private buffer = Buffer.alloc(0);
  private ended = false;
  private closed = false;
  private error: NodeJS.ErrnoException | null = null;
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: net.Socket) {
    socket.on("data", (chunk) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on("end", () => {
      this.ended = true;
      this.wake();
    });
    socket.on("error", (error) => {
      this.error = error;
      this.wake();
    });
    socket.on("close", () => {
      this.closed = true;
      this.wake();
    });
  }

  static open(port: number, host = "127.0.0.1") {
    return new Promise<RawConnection>((resolve, reject) => {
      // Half-open allowed: like an uploader that sends its whole body before it looks at the answer,
      // this side goes on writing after the server has ended its side.
      const socket = net.connect({ port, host, allowHalfOpen: true }, () => resolve(new RawConnection(socket)));
      socket.once("error", reject);
    });
  }

  /** Writes the request head, then the body (if any) without waiting: the server may answer before reading it. */
  send(head: string, body?: Buffer) {
    this.socket.write(head);
    if (body) this.socket.write(body, () => {});
  }

  /** The next whole response on this connection (Content-Length or chunked). */
  async response(timeoutMs: number): Promise<RawResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = parseResponse(this.buffer, this.ended || this.closed);
      if (parsed) {
        this.buffer = this.buffer.subarray(parsed.used);
        return parsed.response;
      }
      if (this.closed || this.ended) {
        throw new Error(
          `connection ${this.error ? `reset (${this.error.code})` : "closed"} before a whole response arrived`,
        );
      }
      await this.wait(deadline, "a response");
    }
  }

  /**
   * Resolves once the server has ended the connection; then this side finishes
   * sending what it wrote, ends too, and waits for the socket to be gone.
   * `reset` says whether the connection was reset (or a write refused) rather
   * than closed cleanly after the server took everything this side sent.
   */
  async closedByServer(timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!this.ended && !this.closed) await this.wait(deadline, "the server to close the connection");
    this.socket.end();
    while (!this.closed) await this.wait(deadline, "the connection to close");
    return { reset: this.error !== null, code: this.error?.code };
  }

  destroy() {
    this.socket.destroy();
  }

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  private wait(deadline: number, what: string) {
    const left = deadline - Date.now();
    if (left <= 0) return Promise.reject(new Error(`timed out waiting for ${what}: the connection hangs`));
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}: the connection hangs`)), left);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}

/** One response from the start of `data`, and how many bytes it used; null while incomplete. */
export function parseResponse(data: Buffer, atEnd: boolean): { response: RawResponse; used: number } | null {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd === -1) return null;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "")?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(":");
    const name = line.slice(0, i).trim().toLowerCase();
    headers[name] = headers[name] ? `${headers[name]}, ${line.slice(i + 1).trim()}` : line.slice(i + 1).trim();
  }
  let at = headEnd + 4;
  // An interim answer (100 Continue) and these statuses never have a body.
  if (status < 200 || status === 204 || status === 304) return { response: { status, headers, body: "" }, used: at };
  if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
    const parts: Buffer[] = [];
    for (;;) {
      const lineEnd = data.indexOf("\r\n", at);
      if (lineEnd === -1) return null;
      const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
      if (data.length < lineEnd + 2 + size + 2) return null;
      parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
      at = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
    return { response: { status, headers, body: Buffer.concat(parts).toString("utf8") }, used: at };
  }
  if (headers["content-length"] !== undefined) {
    const length = Number(headers["content-length"]);
    if (data.length < at + length) return null;
    return { response: { status, headers, body: data.subarray(at, at + length).toString("utf8") }, used: at + length };
  }
  // Neither: the body runs to the end of the connection.
  if (!atEnd) return null;
  return { response: { status, headers, body: data.subarray(at).toString("utf8") }, used: data.length };
}

/** A request head for `path` (the body, if any, is sent separately). */
export function requestHead(method: string, path: string, host: string, headers: Record<string, string | number> = {}) {
  const lines = [
    `${method} ${path} HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}
