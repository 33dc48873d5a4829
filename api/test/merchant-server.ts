import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the merchant server answered: what, how and when (ms since it started). */
export type MerchantHit = { method: string; path: string; userAgent: string; at: number };

/**
 * Merchant pages on 127.0.0.1 for the link checker's tests (decision 379):
 *
 * - `/ok`: 200; `/head-refused`: 405 to HEAD, 200 to GET
 * - `/moved`: 301 → `/moved-2` (302) → `/ok`, a chain of two
 * - `/loop`: redirects to itself
 * - `/gone-404`: 404; `/gone-410`: 410
 * - `/hang`: never answers (headers never come)
 * - `/slow-body`: 200 at once, then one byte a second for a minute
 *
 * `hits` lists every request, so a test sees the user agent, the methods and the pace.
 */
export async function startMerchantServer() {
  const started = Date.now();
  const hits: MerchantHit[] = [];
  const open = new Set<ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    "/ok": (_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<p>Shop</p>"),
    "/head-refused": (req, res) =>
      req.method === "HEAD"
        ? res.writeHead(405, { allow: "GET" }).end()
        : res.writeHead(200, { "content-type": "text/html" }).end("<p>Shop</p>"),
    "/moved": (_req, res) => res.writeHead(301, { location: "/moved-2" }).end(),
    "/moved-2": (_req, res) => res.writeHead(302, { location: "/ok" }).end(),
    "/loop": (_req, res) => res.writeHead(301, { location: "/loop" }).end(),
    "/gone-404": (_req, res) => res.writeHead(404).end("Not here"),
    "/gone-410": (_req, res) => res.writeHead(410).end("Gone for good"),
    "/hang": () => {},
    "/slow-body": (_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.flushHeaders();
      let sent = 0;
      const timer = setInterval(() => {
        if (sent++ >= 60 || res.destroyed) {
          clearInterval(timer);
          res.end();
        } else res.write("x");
      }, 1000);
      timers.add(timer);
    },
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://merchant").pathname;
    hits.push({
      method: req.method ?? "",
      path,
      userAgent: req.headers["user-agent"] ?? "",
      at: Date.now() - started,
    });
    open.add(res);
    res.on("close", () => open.delete(res));
    const route = routes[path];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path: string) => `${origin}${path}`,
    hits,
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type MerchantServer = Awaited<ReturnType<typeof startMerchantServer>>;
