import { type ClientRequest, request } from "node:http";
import type { TestClient } from "./harness.ts";

/** The first bytes of the body a held upload sends before it waits. */
const sentFirst = 100;

/**
 * An upload to the media library whose body is sent only in part: it stays in progress on the
 * server until `finish()` sends the rest, or `abort()` drops the connection. `answer` settles
 * when the server answers, which for an upload refused before its body is read is at once.
 * (Tests and `check:security` use it to hold uploads in progress.)
 */
export function heldUpload(owner: TestClient, blogId: string, bytes: Uint8Array, name: string) {
  const url = new URL(owner.baseUrl);
  let req: ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req = request(
      {
        hostname: url.hostname,
        port: url.port,
        method: "POST",
        path: `/api/blogs/${blogId}/media?name=${encodeURIComponent(name)}`,
        agent: false,
        headers: {
          cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          origin: owner.origin,
          "content-type": "application/octet-stream",
          "content-length": String(bytes.length),
        },
      },
      (res) => {
        let body = "";
        res.on("data", (chunk: Buffer) => {
          body += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.write(bytes.subarray(0, sentFirst));
  });
  const sent = req as unknown as ClientRequest;
  return {
    answer,
    /** The answer if it came within `ms`, else null (the upload is still in progress). */
    answerWithin: (ms: number) =>
      Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms))]),
    finish: () => sent.end(bytes.subarray(sentFirst)),
    abort: () => {
      answer.catch(() => undefined);
      sent.destroy();
    },
  };
}
