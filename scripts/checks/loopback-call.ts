import { type Agent, type IncomingHttpHeaders, request } from "node:http";
import type { TestClient } from "../../api/test/harness.ts";

/**
 * One HTTP request to a server of the project's own on 127.0.0.1, answered whole (status, body,
 * headers): what the reliability check and the benches that drive the real server send.
 */
export type Reply = { status: number; body: string; headers: IncomingHttpHeaders };

export type CallOptions = {
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  timeoutMs?: number;
};

export function call(port: number, path: string, options: CallOptions = {}): Promise<Reply> {
  return new Promise((done, fail) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.host) headers.host = options.host;
    if (options.body !== undefined)
      headers["content-length"] = String(Buffer.byteLength(options.body));
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          done({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            headers: res.headers,
          }),
        );
        res.on("error", fail);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error("timeout")));
    req.on("error", fail);
    req.end(options.body);
  });
}

/** Until the server's render queue is empty (`/healthz`): every page is on disk. */
export async function waitForRenders(client: TestClient) {
  const deadline = Date.now() + 180_000;
  for (;;) {
    const health = (await client.get<{ queue: { pending: number; running: number } }>("/healthz"))
      .body;
    if (health.queue.pending === 0 && health.queue.running === 0) return;
    if (Date.now() > deadline) throw new Error("renders did not finish in 3 minutes");
    await new Promise((r) => setTimeout(r, 250));
  }
}
