import type { Server } from "node:http";

/**
 * How long an idle keep-alive connection stays open (decision 251): longer than the idle timeout
 * of the proxies and load balancers put in front of the server (nginx's upstream keep-alive and
 * most cloud load balancers close at 60 s), and than browsers and HTTP clients keep a pooled
 * connection between two calls in a page's life. Node's 5 s (plus its 1 s buffer) closed
 * connections that clients then reused at that same moment: the request got ECONNRESET (seen
 * in CI, a Playwright request five seconds after the previous one). The limits on how long a
 * request may take to arrive (`headersTimeout`, `requestTimeout`) are Node's and unchanged.
 */
export const keepAliveTimeoutMs = 65_000;

export function keepConnectionsAlive(server: Server): Server {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  return server;
}
