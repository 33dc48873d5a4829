/**
 * Abuse: bursts against sign-in and the AI endpoint (accepted vs attempted), request bodies over
 * their limit (413: 1 MB, or what post content needs, decision 098), and server-side requests to owner-supplied URLs (logo, images, affiliate links):
 * a canary HTTP server on loopback counts every request the app makes to it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, relative } from "node:path";
import { defaultSignInRateLimit } from "../../../api/auth/routes.ts";
import { bodyLimitOf, defaultBodyBytes } from "../../../api/http/json-bodies.ts";
import { createBlog, createOwner, createPublishedPost } from "../../../api/test/factories.ts";
import { withTestApp } from "../../../api/test/harness.ts";
import { listRoutes } from "../../../api/test/routes.ts";
import { rawRequest } from "./raw-http.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const burst = 100;

/** `burst` failed sign-ins at once from one address; how many got past the limiter. */
async function signInBurst(emailOf: (i: number) => string): Promise<number> {
  return withTestApp({}, async (app) => {
    await createOwner(app, "target@example.com");
    const client = app.client();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        client.post("/auth/sign-in", { email: emailOf(i), password: `wrong password ${i}` }),
      ),
    );
    const accepted = answers.filter((res) => res.status !== 429);
    // Accepted attempts reached the password check (and failed it), nothing else refused them.
    const odd = accepted.find((res) => res.status !== 401);
    if (odd) throw new Error(`sign-in answered ${odd.status}: ${odd.text}`);
    return accepted.length;
  });
}

/**
 * Server-side fetches that were reviewed. The one guarded fetch for addresses owners and the
 * web give (decision 040's rules: resolve first, refuse non-public addresses, connect to the
 * checked address only, check every redirect), used by the media import and the AI writer's
 * research, with tests against loopback peers (api/net/public-fetch.test.ts and its callers');
 * and the search providers, which call only the operator's SEARCH_URL (or Brave's API),
 * follow no redirect, and are tested against a loopback search server (decision 330).
 */
const reviewedFetches = new Set(["api/net/public-fetch.ts", "api/features/research/search.ts"]);

/** Source files under api/ (tests and test helpers aside) that make HTTP requests themselves. */
function outboundCallsInSource(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "test") walk(path);
      } else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) {
        const source = readFileSync(path, "utf8");
        const calls = source.match(
          /\bfetch\s*\(|\bhttps?\.(get|request)\s*\(|import\s*\{[^}]*\b(get|request)\b[^}]*\}\s*from\s*"(node:)?https?"|from\s*"(undici|axios|got|node-fetch|ky)"|\bnet\.connect\s*\(|new WebSocket\s*\(/g,
        );
        if (calls && !reviewedFetches.has(relative(root, path).split("\\").join("/")))
          found.push(`${relative(root, path)}: ${[...new Set(calls)].join(", ")}`);
      }
    }
  };
  walk(join(root, "api"));
  return found;
}

export const abuseCheck: SecurityCheck = {
  name: "abuse",
  async run() {
    const figures: Figure[] = [];
    const limits = defaultSignInRateLimit;
    const minutes = limits.windowMs / 60_000;

    const oneEmail = await signInBurst(() => "target@example.com");
    figures.push({
      name: "sign-in burst, one account",
      text: `accepted ${oneEmail} of ${burst} attempted (limit ${limits.perEmailAndAddress} failures per ${minutes} min per email and address)`,
      ok: oneEmail <= limits.perEmailAndAddress,
    });
    const manyEmails = await signInBurst((i) => `guess-${i}@example.com`);
    figures.push({
      name: "sign-in burst, one address",
      text: `accepted ${manyEmails} of ${burst} attempted across ${burst} emails (limit ${limits.perAddress} failures per ${minutes} min per address)`,
      ok: manyEmails <= limits.perAddress,
    });

    await withTestApp({}, async (app) => {
      const owner = await createOwner(app);
      const blog = await createBlog(owner, "AI burst");
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          owner.post("/api/ai/generate-post", {
            topic: `Topic ${i}`,
            blogId: blog.id,
            length: "short",
          }),
        ),
      );
      const accepted = answers.filter((res) => res.status !== 429).length;
      const served = answers.filter((res) => res.status === 200).length;
      figures.push({
        name: "AI burst, one owner",
        // The limit is set in api/features/ai/routes.ts.
        text: `accepted ${accepted} of 30 attempted (limit 10 per minute per owner; ${served} answered 200)`,
        ok: accepted <= 10 && served > 0,
      });

      // Every mutating route, JSON 1 byte over the limit; the form routes with a form; one
      // chunked body without a length. A body of exactly 1 MB is still read (the control).
      // Post content has a larger limit, derived from its character limit (decision 098).
      const overFor = (path: string) => `{"x":"${"a".repeat(bodyLimitOf(path, true) - 7)}"}`;
      const routes = listRoutes(app.express).filter((r) =>
        ["POST", "PATCH", "PUT", "DELETE"].includes(r.method),
      );
      const missed: string[] = [];
      let tried = 0;
      for (const route of routes) {
        const path = route.path.replace(/:(\w+)/g, blog.id);
        const cookie = [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
        const send = (contentType: string, body: BodyInit, extra: RequestInit = {}) =>
          fetch(app.baseUrl + path, {
            method: route.method,
            headers: { "content-type": contentType, origin: app.origin, cookie },
            body,
            ...extra,
          }).then(async (res) => {
            await res.arrayBuffer();
            return res.status;
          });
        const checks: [string, Promise<number>][] = [
          ["json", send("application/json", overFor(route.path))],
        ];
        if (route.path.startsWith("/auth/")) {
          checks.push([
            "form",
            send("application/x-www-form-urlencoded", `email=${"a".repeat(defaultBodyBytes)}`),
          ]);
        }
        if (route.path === "/api/posts") {
          const chunks = new ReadableStream<Uint8Array>({
            start(controller) {
              const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
              controller.enqueue(new TextEncoder().encode('{"content":"'));
              const count = Math.ceil(bodyLimitOf(route.path, true) / chunk.length) + 1;
              for (let i = 0; i < count; i++) controller.enqueue(chunk);
              controller.enqueue(new TextEncoder().encode('"}'));
              controller.close();
            },
          });
          checks.push([
            "chunked json",
            send("application/json", chunks, { duplex: "half" } as RequestInit),
          ]);
        }
        for (const [kind, status] of checks) {
          tried++;
          const answer = await status;
          if (answer !== 413)
            missed.push(`${route.method} ${path} (${kind}, over its limit) → ${answer}`);
        }
      }
      const postLimit = bodyLimitOf("/api/posts", true);
      const prefix = `{"blogId":"${blog.id}","title":"At the limit","content":"`;
      const atLimit = await fetch(`${app.baseUrl}/api/posts`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: app.origin,
          cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
        },
        body: `${prefix}${"a".repeat(postLimit - prefix.length - 2)}"}`,
      });
      await atLimit.arrayBuffer();
      figures.push({
        name: "request body over its limit",
        text: `413 for ${tried - missed.length} of ${tried} (every mutating route, 1 MB or ${(postLimit / 1_000_000).toFixed(1)} MB for post content; forms and a chunked body too); a post body of exactly ${(postLimit / 1_000_000).toFixed(1)} MB → ${atLimit.status}`,
        ok: missed.length === 0 && atLimit.status !== 413 && atLimit.status < 500,
        details: firstFew(missed),
      });
    });

    // Server-side requests to owner-supplied URLs.
    const calls = outboundCallsInSource(join(import.meta.dirname, "../../.."));
    figures.push({
      name: "server-side fetches",
      text:
        calls.length === 0
          ? "HTTP calls in api/ source 0 besides the reviewed guarded fetch (public addresses only, decisions 114 and 330:" +
            " images an owner imports, pages read as sources) and the search providers (the operator's SEARCH_URL):" +
            " the server never fetches a logo or link an owner gives it" +
            " (its only other outbound clients are the OpenID and OpenAI libraries, to the operator's configured URLs)"
          : `HTTP calls in api/ source ${calls.length}: each must refuse loopback, private and link-local addresses`,
      ok: calls.length === 0,
      details: calls,
    });

    let hits = 0;
    const canary = createServer((_req, res) => {
      hits++;
      res.writeHead(200, { "content-type": "image/png" }).end();
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => canary.once("listening", resolve));
    const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
    try {
      await withTestApp({ publishing: true }, async (app) => {
        const owner = await createOwner(app);
        const blog = await createBlog(owner, "Canary blog");
        await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "canary" });
        const privateLogos = [
          `${canaryUrl}/logo.png`,
          "http://localhost/logo.png",
          "http://10.0.0.1/logo.png",
          "http://192.168.1.1/logo.png",
          "http://169.254.169.254/latest/meta-data/",
          "http://[::1]/logo.png",
          "http://[fe80::1]/logo.png",
        ];
        let accepted = 0;
        // The canary goes last, so it is the logo the blog renders with.
        for (const logoUrl of [...privateLogos.slice(1), privateLogos[0] as string]) {
          const res = await owner.patch(`/api/blogs/${blog.id}/customization`, { logoUrl });
          if (res.status === 200) accepted++;
        }
        // Affiliate links take domain names only; `*.localhost` names are loopback all the same.
        const link = await owner.post<{ id: string }>("/api/affiliate-links", {
          blogId: blog.id,
          keyword: "compost",
          url: `http://canary-shop.localhost:${new URL(canaryUrl).port}/affiliate`,
        });
        if (link.status !== 201) throw new Error(`affiliate link: ${link.status} ${link.text}`);
        const post = await createPublishedPost(owner, blog.id, {
          title: "Canary post",
          content: `<p>Good compost.</p><p><img src="${canaryUrl}/image.png" alt="A canary"></p>`,
        });
        await owner.post("/api/ai/generate-post", { topic: `${canaryUrl}/topic`, blogId: blog.id });
        await app.publishing?.queue.onIdle();
        const host = `canary.localhost:${new URL(app.baseUrl).port}`;
        const pages = [
          "/",
          `/post/${post.slug}`,
          "/rss.xml",
          "/sitemap.xml",
          "/robots.txt",
          `/go/${link.body.id}`,
        ];
        const port = Number(new URL(app.baseUrl).port);
        // Every URL pointing at the canary carries its port.
        const canaryPort = `:${new URL(canaryUrl).port}/`;
        let inPages = 0;
        for (const page of pages) {
          const res = await rawRequest(port, "GET", page, [
            `Host: ${host}`,
            "User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
          ]);
          if (res.status >= 400) throw new Error(`GET ${page} on ${host} → ${res.status}`);
          if (res.body.includes(canaryPort) || res.headers.includes(canaryPort)) inPages++;
        }
        const preview = await owner.get(`/blog/${blog.slug}/preview/${post.id}`);
        if (preview.text.includes(canaryPort)) inPages++;
        // Give anything the app might have started in the background a moment to reach the canary.
        await new Promise((resolve) => setTimeout(resolve, 500));
        figures.push({
          name: "logo URL on private addresses",
          text:
            `accepted ${accepted} of ${privateLogos.length} (loopback, localhost, 10/8, 192.168/16, 169.254.169.254, ::1, fe80::):` +
            " readers' browsers load it as an <img>, the server never does (docs/decisions/040-owner-urls-and-ssrf.md)",
          ok: true,
        });
        figures.push({
          name: "SSRF canary",
          text:
            `hits ${hits} after logo, post image, affiliate link and AI topic on loopback, a full render` +
            ` and ${pages.length + 1} pages served, the canary URL written into ${inPages} of them`,
          ok: hits === 0 && inPages > 0,
        });
      });
    } finally {
      canary.close();
    }
    return figures;
  },
};
