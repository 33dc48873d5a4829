/**
 * Host header: spellings of a blog's host (port, trailing dot, upper case, punycode) reach that
 * blog; unknown and malformed hosts fall through to the app (or are refused); X-Forwarded-Host is
 * never read; no answer (home, RSS, sitemap, robots, post, redirects) repeats an odd host back.
 */
import { eq } from "drizzle-orm";
import { blogs } from "../../../api/db/schema.ts";
import { createBlog, createOwner, createPublishedPost } from "../../../api/test/factories.ts";
import { startTestApp, type TestApp } from "../../../api/test/harness.ts";
import { type RawResponse, rawRequest } from "./raw-http.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const blogDomain = "blogs.test";
const customDomain = "xn--bcher-kva.example"; // bücher.example
const env = { BLOG_DOMAIN: blogDomain };

type Site = { alphaSlug: string; alphaPost: string; alphaTitle: string; betaTitle: string };

/** Two blogs: alpha (subdomain and a verified punycode custom domain) and beta (subdomain). */
async function seed(app: TestApp): Promise<Site> {
  const owner = await createOwner(app);
  const alpha = await createBlog(owner, "Alpha blog");
  const beta = await createBlog(owner, "Beta blog");
  const set = async (id: string, body: object) => {
    const res = await owner.patch(`/api/blogs/${id}/domain`, body);
    if (res.status !== 200)
      throw new Error(`domain ${JSON.stringify(body)}: ${res.status} ${res.text}`);
  };
  await set(alpha.id, { subdomain: "alpha" });
  await set(alpha.id, { customDomain });
  await set(beta.id, { subdomain: "beta" });
  // Verification itself (DNS) is tested in domains.test.ts; here the domain is simply verified.
  await app.db.update(blogs).set({ domainVerified: true }).where(eq(blogs.id, alpha.id));
  app.publishing?.hostMap.clear();
  const alphaPost = await createPublishedPost(owner, alpha.id, { title: "Alpha marker post" });
  const betaPost = await createPublishedPost(owner, beta.id, { title: "Beta marker post" });
  await app.publishing?.queue.enqueue(alpha.id, { full: true });
  await app.publishing?.queue.onIdle();
  return {
    alphaSlug: alpha.slug,
    alphaPost: alphaPost.slug,
    alphaTitle: alphaPost.title,
    betaTitle: betaPost.title,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether an answer (headers or body) names `needle` as a host of its own (not inside a longer one). */
function reflects(res: RawResponse, needle: string, caseSensitive: boolean): boolean {
  if (!needle) return false;
  const pattern = new RegExp(
    `(?<![A-Za-z0-9.-])${escapeRegExp(needle)}(?![A-Za-z0-9-])`,
    caseSensitive ? "" : "i",
  );
  return pattern.test(res.headers.replace(/^\S+ \d{3}.*\r\n/, "")) || pattern.test(res.body);
}

/** Which blog an answer is, by the marker post on its home page. */
const servedBy = (res: RawResponse, site: Site) =>
  res.body.includes(site.alphaTitle) ? "alpha" : res.body.includes(site.betaTitle) ? "beta" : "app";

const canonicalOf = (res: RawResponse) =>
  /<link rel="canonical" href="([^"]*)"/.exec(res.body)?.[1];

export const hostHeaderCheck: SecurityCheck = {
  name: "host header",
  async run() {
    const figures: Figure[] = [];
    const app = await startTestApp({ publishing: true, env });
    try {
      const site = await seed(app);
      const port = Number(new URL(app.baseUrl).port);
      const get = (path: string, lines: string[]) => rawRequest(port, "GET", path, lines);

      // Where each Host must land: "alpha"/"beta" (that blog), "app" (falls through or refused).
      const hosts: [string | null, "alpha" | "beta" | "app"][] = [
        ["alpha.blogs.test", "alpha"],
        ["beta.blogs.test", "beta"],
        [`alpha.blogs.test:${port}`, "alpha"],
        ["alpha.blogs.test:8443", "alpha"],
        ["alpha.blogs.test.", "alpha"],
        ["ALPHA.BLOGS.TEST", "alpha"],
        ["Alpha.Blogs.Test.:80", "alpha"],
        [customDomain, "alpha"],
        ["XN--BCHER-KVA.EXAMPLE.", "alpha"],
        [`${customDomain}:443`, "alpha"],
        ["bücher.example", "app"], // raw UTF-8: browsers send the punycode form
        ["unknown.blogs.test", "app"],
        ["blogs.test", "app"],
        ["a.alpha.blogs.test", "app"],
        ["alpha..blogs.test", "app"],
        ["alpha.blogs.test.evil.example", "app"],
        [`${customDomain}.evil.example`, "app"],
        ["evil.example", "app"],
        ["alpha.blogs.test@evil.example", "app"],
        ["evil.example/alpha.blogs.test", "app"],
        ["evil.example#alpha.blogs.test", "app"],
        ["alpha.blogs.test:abc", "app"],
        [`alpha.blogs.test:${"9".repeat(4000)}`, "app"],
        [`${"a".repeat(300)}.blogs.test`, "app"],
        ["[::1]", "app"],
        [`127.0.0.1:${port}`, "app"],
        ["localhost", "app"],
        ["", "app"],
        [null, "app"], // no Host at all
      ];
      const blogPaths = ["/", "/rss.xml", "/sitemap.xml", "/robots.txt", `/post/${site.alphaPost}`];
      const appPaths = [
        `/blog/${site.alphaSlug}`,
        `/blog/${site.alphaSlug}/`,
        `/blog/${site.alphaSlug}/rss.xml`,
        `/blog/${site.alphaSlug}/sitemap.xml`,
        "/api/public/blog",
        "/api/login",
      ];
      const canonical = `http://${customDomain}/`;
      const wrongHost: string[] = [];
      const reflected: string[] = [];
      const canonicals: string[] = [];
      let requests = 0;
      for (const [host, expected] of hosts) {
        const lines = host === null ? [] : [`Host: ${host}`];
        const home = await get("/", lines);
        requests++;
        const got = servedBy(home, site);
        if (got !== expected)
          wrongHost.push(
            `Host ${JSON.stringify(host)} → ${got} (${home.status}), expected ${expected}`,
          );
        if (got === "alpha" && canonicalOf(home) !== canonical) {
          canonicals.push(`Host ${host}: canonical ${canonicalOf(home)}`);
        }
        // A blog's own spellings may name its canonical host, never the spelling sent; any other
        // host must not appear at all (its name, in any case, without the port).
        const needle =
          expected === "app"
            ? (host ?? "").replace(/:[^:\]]*$/, "").replace(/\.$/, "")
            : (host as string);
        // The canonical hosts of the two blogs, and the app's own names, are expected in pages.
        const ownName = ["localhost", "127.0.0.1", "", "beta.blogs.test", customDomain].includes(
          needle,
        );
        for (const path of [...blogPaths, ...(expected === "app" ? appPaths : [])]) {
          const res = path === "/" ? home : await get(path, lines);
          if (path !== "/") requests++;
          if (!ownName && reflects(res, needle, expected !== "app")) {
            reflected.push(`Host ${host}: GET ${path} (${res.status}) repeats ${needle}`);
          }
        }
      }
      figures.push({
        name: "host header mapping",
        text:
          `${hosts.length} Host spellings (port, trailing dot, upper case, punycode, unknown, malformed, none):` +
          ` wrong blog or not falling through ${wrongHost.length}; blog pages with a canonical other than ${canonical} ${canonicals.length}`,
        ok: wrongHost.length === 0 && canonicals.length === 0,
        details: firstFew([...wrongHost, ...canonicals]),
      });

      // X-Forwarded-Host: never read (proxies pass Host; docs/deployment.md).
      const forwarded: string[] = [];
      const appHost = `Host: 127.0.0.1:${port}`;
      const viaHeader = await get("/", [appHost, "X-Forwarded-Host: alpha.blogs.test"]);
      if (servedBy(viaHeader, site) !== "app")
        forwarded.push("X-Forwarded-Host: alpha.blogs.test on the app's host served alpha");
      for (const [path, lines] of [
        ["/", ["Host: alpha.blogs.test", "X-Forwarded-Host: evil.example"]],
        ["/rss.xml", ["Host: alpha.blogs.test", "X-Forwarded-Host: evil.example"]],
        ["/sitemap.xml", ["Host: alpha.blogs.test", "X-Forwarded-Host: evil.example"]],
        [
          `/blog/${site.alphaSlug}/`,
          [appHost, "X-Forwarded-Host: evil.example", "X-Forwarded-Proto: http"],
        ],
        [`/blog/${site.alphaSlug}/rss.xml`, [appHost, "X-Forwarded-Host: evil.example"]],
        [`/blog/${site.alphaSlug}`, [appHost, "X-Forwarded-Host: evil.example"]],
      ] as [string, string[]][]) {
        const res = await get(path, lines);
        requests++;
        if (reflects(res, "evil.example", false))
          reflected.push(`${lines.join(", ")}: GET ${path} repeats evil.example`);
      }
      requests++;
      const trusted = await startTestApp({
        publishing: true,
        env: { ...env, TRUST_PROXY: "true" },
      });
      try {
        const behindProxy = await seed(trusted);
        const res = await rawRequest(Number(new URL(trusted.baseUrl).port), "GET", "/", [
          `Host: 127.0.0.1:${new URL(trusted.baseUrl).port}`,
          "X-Forwarded-Host: alpha.blogs.test",
          "X-Forwarded-For: 203.0.113.9",
        ]);
        requests++;
        if (servedBy(res, behindProxy) !== "app")
          forwarded.push("with TRUST_PROXY=true, X-Forwarded-Host chose the blog");
      } finally {
        await trusted.close();
      }
      figures.push({
        name: "X-Forwarded-Host",
        text: `honoured ${forwarded.length} of 2 (without and with TRUST_PROXY: a proxy passes Host, the app reads nothing else)`,
        ok: forwarded.length === 0,
        details: forwarded,
      });
      figures.push({
        name: "host reflection",
        text: `${requests} answers (home, RSS, sitemap, robots, post, /blog/ pages, redirects) repeating an odd host ${reflected.length}`,
        ok: reflected.length === 0,
        details: firstFew(reflected),
      });

      // The hot path remembers hosts as sent: spellings without end must not grow it without end.
      const sizeBefore = app.publishing?.hostMap.size ?? 0;
      const spellings = 3000;
      let servedAlpha = 0;
      for (let i = 0; i < spellings; i++) {
        const host = i % 2 ? `alpha.blogs.test:${i}` : `ALPHA.blogs.test.:${i}`;
        if (servedBy(await get("/", [`Host: ${host}`]), site) === "alpha") servedAlpha++;
      }
      const grown = (app.publishing?.hostMap.size ?? 0) - sizeBefore;
      figures.push({
        name: "host map",
        text:
          `grew by ${grown} entries over ${spellings} distinct spellings of one blog's host` +
          ` (${servedAlpha} of them served by that blog)`,
        ok: grown === 0 && servedAlpha === spellings,
      });
    } finally {
      await app.close();
    }
    return figures;
  },
};
