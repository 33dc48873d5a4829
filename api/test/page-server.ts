import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** Words of the pages' navigation and footer: none may reach a source's text. */
export const boilerplateWords = ["Subscribe to our newsletter", "Cookie settings", "All rights"];

/** The articles the server has, by path: their title and sentences a source's text must hold. */
export const testArticles = {
  "/articles/bokashi": {
    title: "Bokashi composting, measured",
    facts: [
      "A 16-litre bokashi bucket filled over two weeks fermented fully in 14 days at 20 °C.",
      "The drained liquid, diluted 1:100 with water, fed our tomatoes without burning the leaves.",
      "Cooked meat and dairy went into the bucket too, which a worm bin cannot take.",
      "Buried in the bed, the fermented scraps were no longer recognisable after four weeks.",
    ],
  },
  "/articles/worm-bins": {
    title: "What a year of worm bins taught us",
    facts: [
      "Our worm bin turned 40 kilograms of kitchen scraps into castings in twelve months.",
      "The worms stopped eating when the bin dropped below 10 °C in January.",
      "Citrus peel and onions made the bin too acidic, so we left them out after March.",
    ],
  },
} as const;

export type TestArticlePath = keyof typeof testArticles;

/** An article as a real site serves it: navigation, a cookie banner, the text, a footer. */
export function articleHtml(title: string, paragraphs: readonly string[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} | Garden Notes</title>
<link rel="stylesheet" href="/site.css"><script>window.analytics = [];</script></head>
<body>
<div class="cookie-banner">We use cookies. <a href="/cookies">Cookie settings</a></div>
<header class="site-header"><a href="/" class="logo">Garden Notes</a>
<nav><ul><li><a href="/">Home</a></li><li><a href="/topics">Topics</a></li><li><a href="/shop">Shop</a></li><li><a href="/about">About us</a></li></ul></nav></header>
<main><article>
<h1>${title}</h1>
<p class="byline">By Ana Greenfield, 3 March 2026</p>
${paragraphs.map((p) => `<p>${p} We kept notes on every batch and weighed what went in and what came out, so the figures here are our own.</p>`).join("\n")}
</article>
<aside class="related"><h2>Related</h2><ul><li><a href="/a">Ten tips</a></li><li><a href="/b">Our shop</a></li></ul></aside></main>
<footer><p>Subscribe to our newsletter for monthly garden notes.</p><p>© 2026 Garden Notes. All rights reserved. <a href="/privacy">Privacy</a></p></footer>
</body></html>`;
}

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Web pages on 127.0.0.1 for tests that read pages as sources: the articles above, and the
 * pages a fetcher must refuse or cut short. `route(path, handler)` adds a page; `hits` counts
 * the requests per path (a refused fetch must not reach the server).
 *
 * - `/articles/bokashi`, `/articles/worm-bins`: articles with navigation and footer
 * - `/go/bokashi`: a redirect to the bokashi article (one page under two addresses)
 * - `/report.pdf`: a PDF; `/huge`: 3 MB of HTML; `/slow`: headers, then nothing
 * - `/empty`: a page with no article text; `/missing`: 404
 * - `/latin1`: an article in ISO-8859-1, said in its Content-Type
 * - `/to-private`, `/to-metadata`, `/to-loopback6`, `/to-other-loopback`: redirects to
 *   10.0.0.1, 169.254.169.254, [::1] and 127.0.0.2 on the server's port
 */
export async function startPageServer() {
  const hits = new Map<string, number>();
  const routes = new Map<string, Route>();
  let slowResponse: ServerResponse | undefined;
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://pages.test").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const route = routes.get(path);
    if (route) return route(req, res);
    res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  const html =
    (body: string, type = "text/html; charset=utf-8"): Route =>
    (_req, res) =>
      res.writeHead(200, { "content-type": type }).end(body);
  const redirect =
    (location: string): Route =>
    (_req, res) =>
      res.writeHead(302, { location }).end();

  for (const [path, article] of Object.entries(testArticles)) {
    routes.set(path, html(articleHtml(article.title, article.facts)));
  }
  routes.set("/go/bokashi", redirect("/articles/bokashi"));
  routes.set("/report.pdf", (_req, res) =>
    res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7\n%\u00e2\u00e3"),
  );
  routes.set("/huge", (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    const paragraph = `<p>${"Compost ".repeat(1000)}</p>\n`;
    for (let i = 0; i < 384; i++) res.write(paragraph);
    res.end();
  });
  routes.set("/slow", (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<!doctype html><html><body><p>Loading");
    slowResponse = res;
  });
  routes.set(
    "/empty",
    html(
      "<!doctype html><html><head><title>Nothing</title></head><body><nav><a href='/'>Home</a></nav></body></html>",
    ),
  );
  routes.set("/latin1", (_req, res) =>
    res
      .writeHead(200, { "content-type": "text/html; charset=iso-8859-1" })
      .end(
        Buffer.from(
          articleHtml("Crème fraîche in the garden", [
            "Whey from crème fraîche, poured around the roses, kept mildew away for three weeks.",
            "A déjà vu: the same trick worked on courgettes the year before, at 18 °C.",
          ]),
          "latin1",
        ),
      ),
  );
  routes.set("/to-private", redirect("http://10.0.0.1/articles/bokashi"));
  routes.set("/to-metadata", redirect("http://169.254.169.254/latest/meta-data/"));
  routes.set("/to-loopback6", redirect(`http://[::1]:${port}/articles/bokashi`));
  routes.set("/to-other-loopback", redirect(`http://127.0.0.2:${port}/articles/bokashi`));

  return {
    base,
    port,
    /** The address of a path on this server. */
    url: (path: string) => `${base}${path}`,
    hits,
    /** Serves `handler` at `path` (replacing a built-in page of that path). */
    route(path: string, handler: Route) {
      routes.set(path, handler);
    },
    /** A page of HTML at `path`. */
    page(path: string, body: string) {
      routes.set(path, html(body));
    },
    async close() {
      slowResponse?.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
