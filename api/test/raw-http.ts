import { type IncomingHttpHeaders, request } from "node:http";

export type RawReply = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body as it came (images, fonts). */
  bytes: Buffer;
};

/**
 * A GET as a reader's browser or a crawler sends it, with any Host header (fetch cannot set
 * Host). Redirects are not followed; the body is read whole as UTF-8.
 */
export const rawGet = (base: string, path: string, headers: Record<string, string> = {}) =>
  rawRequest(base, "GET", path, headers);

/** `rawGet` with any method, and a body (a form's, as a browser posts it). */
export const rawRequest = (
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
) =>
  new Promise<RawReply>((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      { hostname: url.hostname, port: url.port, path, method, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: bytes.toString("utf8"),
            bytes,
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
