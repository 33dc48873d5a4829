import { connect } from "node:net";

export type RawResponse = { status: number; headers: string; body: string };

/**
 * One HTTP/1.1 request written byte for byte, so any Host header can be sent (fetch and
 * node:http refuse some, such as non-ASCII or duplicate ones). `lines` are header lines.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  lines: string[],
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer in 30 s")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const raw = Buffer.concat(chunks);
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.subarray(0, split === -1 ? raw.length : split).toString("latin1");
      let body: Buffer = split === -1 ? Buffer.alloc(0) : raw.subarray(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(head)) body = dechunk(body);
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: body.toString("utf8"),
      });
    });
    socket.write(
      Buffer.from(
        `${method} ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\nConnection: close\r\n\r\n`,
        "utf8",
      ),
    );
  });
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const lineEnd = body.indexOf("\r\n", at);
    if (lineEnd === -1) break;
    const size = Number.parseInt(body.subarray(at, lineEnd).toString("latin1"), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}
