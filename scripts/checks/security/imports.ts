/**
 * Imports (issue 29, findings 1–4 and 7), tried as an attacker would against the real app:
 *  1. a 43 kB zip of 16 Markdown entries of 1 MB of repeated text (and one of 60 entries):
 *     how long the upload takes to answer, the longest event-loop stall and the slowest answer
 *     to a cheap request (`GET /api/auth/user`) while the import runs, and what the job did;
 *  2. a Blogfleet export whose blog fields and affiliate link the API would refuse: what of them
 *     was stored, and whether the blog's home page carries `javascript:`;
 *  3. an imported redirect to `//evil.example/phish`: what the blog's host answers;
 *  4. an export declaring `bytes: 0` for a real image: the bytes counted against the quota;
 *  7. an import declaring `Content-Length: 200 MB` and sending nothing: how long until the answer;
 *  and a burst of imports from one owner (accepted vs refused).
 *
 *   npm run check:security -- imports
 */
import { request } from "node:http";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { strToU8, unzipSync, zipSync } from "fflate";
import { affiliateLinks, blogRedirects, blogs, media } from "../../../api/db/schema.ts";
import { createBlog, createOwner, createPublishedPost } from "../../../api/test/factories.ts";
import type { TestApp, TestClient } from "../../../api/test/harness.ts";
import { withTestApp } from "../../../api/test/harness.ts";
import { makeImage, uploadFile } from "../../../api/test/images.ts";
import { rawGet } from "../../../api/test/raw-http.ts";
import type { BlogfleetExport } from "../../../contracts/export-format.ts";
import { type ImportJob, importLimits } from "../../../contracts/imports.ts";
import type { Figure, SecurityCheck } from "./report.ts";

/** The longest event-loop stall and slowest cheap answer an import may cause. */
const stallLimitMs = 100;

async function startImport(owner: TestClient, blogId: string, file: Uint8Array) {
  return owner.request<ImportJob>("POST", `/api/blogs/${blogId}/imports`, { raw: file });
}

async function finished(app: TestApp, owner: TestClient, jobId: string) {
  await app.imports.idle();
  return (await owner.get<ImportJob>(`/api/imports/${jobId}`)).body;
}

/** Finding 1: the zip of repeated text, with a prober asking every 10 ms meanwhile. */
async function zipStall(app: TestApp, entries: number): Promise<Figure> {
  const owner = await createOwner(app);
  const probe = await createOwner(app);
  const blog = await createBlog(owner, `Bomb ${entries}`);
  const megabyte = strToU8("All work and no play makes a dull post. ".repeat(26_000));
  const zip = zipSync(
    Object.fromEntries(Array.from({ length: entries }, (_, i) => [`post-${i}.md`, megabyte])),
    { level: 9 },
  );
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let running = true;
  const answers: number[] = [];
  const prober = (async () => {
    while (running) {
      const started = performance.now();
      await probe.get("/api/auth/user");
      answers.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  histogram.enable();
  const started = performance.now();
  const res = await startImport(owner, blog.id, zip);
  const answeredMs = performance.now() - started;
  const job = res.status === 202 ? await finished(app, owner, res.body.id) : undefined;
  const tookMs = performance.now() - started;
  histogram.disable();
  running = false;
  await prober;
  const stallMs = histogram.max / 1e6;
  const worst = Math.max(...answers);
  return {
    name: `import: ${entries} × 1 MB of repeated text in a ${Math.round(zip.length / 1024)} kB zip`,
    text: `upload answered ${res.status} in ${Math.round(answeredMs)} ms, job ${job?.status ?? "none"} (${job?.error ?? "no error"}) after ${Math.round(tookMs)} ms; longest event-loop stall ${Math.round(stallMs)} ms, slowest GET /api/auth/user ${Math.round(worst)} ms of ${answers.length} (limit ${stallLimitMs})`,
    ok:
      res.status === 202 &&
      job?.status === "failed" &&
      stallMs < stallLimitMs &&
      worst < stallLimitMs,
  };
}

const exportZip = (doc: Partial<BlogfleetExport>, files: Record<string, Uint8Array> = {}) =>
  zipSync({
    ...files,
    "blogfleet.json": strToU8(
      JSON.stringify({
        format: "blogfleet-export",
        version: 1,
        exportedAt: "2026-11-01T00:00:00.000Z",
        categories: [],
        posts: [],
        affiliateLinks: [],
        redirects: [],
        media: [],
        ...doc,
      }),
    ),
  });

const hostileBlog: BlogfleetExport["blog"] = {
  name: "Evil",
  description: "x".repeat(20_000),
  slug: "evil",
  timeZone: "Not/AZone",
  primaryColor: "red;}</style><script>alert(1)</script>",
  fontFamily: "Inter",
  logoUrl: "javascript:alert(1)",
  aiDisclosure: false,
};

/** Finding 2: the export's fields the API refuses, and what reaches the blog and its page. */
async function exportFields(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Export fields");
  await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "export-fields" });
  await createPublishedPost(owner, blog.id, { title: "Home" });
  const res = await startImport(
    owner,
    blog.id,
    exportZip({
      blog: hostileBlog,
      affiliateLinks: [
        { keyword: "cookie", url: "javascript:alert(document.cookie)", autoInsert: true },
      ],
    }),
  );
  const job = await finished(app, owner, res.body.id);
  const [row] = await app.db.select().from(blogs).where(eq(blogs.id, blog.id));
  const stored = [
    row?.description === hostileBlog.description && "description",
    row?.timeZone === hostileBlog.timeZone && "timeZone",
    row?.primaryColor === hostileBlog.primaryColor && "primaryColor",
    row?.logoUrl === hostileBlog.logoUrl && "logoUrl",
  ].filter(Boolean);
  const links = await app.db
    .select()
    .from(affiliateLinks)
    .where(eq(affiliateLinks.blogId, blog.id));
  await app.publishing?.queue.onIdle();
  const home = await rawGet(app.baseUrl, "/", { host: "export-fields.blogs.test" });
  const scripted = home.body.includes("javascript:");
  return {
    name: "import: Blogfleet export fields the API refuses",
    text: `job ${job.status}, refused fields stored ${stored.length} (${stored.join(", ") || "none"}), javascript: affiliate links stored ${links.length}, skipped and listed ${job.report.skipped.length}, home page carries javascript: ${scripted ? "yes" : "no"}`,
    ok: job.status === "succeeded" && stored.length === 0 && links.length === 0 && !scripted,
  };
}

/** Finding 3: an imported redirect to another site. */
async function openRedirect(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Redirects");
  await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "redirects" });
  await createPublishedPost(owner, blog.id, { title: "Home" });
  const res = await startImport(
    owner,
    blog.id,
    exportZip({
      blog: {
        ...hostileBlog,
        description: null,
        timeZone: "UTC",
        primaryColor: "#336699",
        logoUrl: null,
      },
      redirects: [{ from: "/old-home", to: "//evil.example/phish" }],
    }),
  );
  const job = await finished(app, owner, res.body.id);
  const rows = await app.db.select().from(blogRedirects).where(eq(blogRedirects.blogId, blog.id));
  await app.publishing?.queue.onIdle();
  const answer = await rawGet(app.baseUrl, "/old-home", { host: "redirects.blogs.test" });
  const location = String(answer.headers.location ?? "");
  return {
    name: "import: redirect to //evil.example/phish",
    text: `job ${job.status}, redirects stored ${rows.length}, GET /old-home answered ${answer.status}${location ? ` to ${location}` : ""}`,
    ok: rows.length === 0 && !location.includes("evil.example"),
  };
}

/** Finding 4: an export declaring its image at 0 bytes. */
async function mediaSizes(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const source = await createBlog(owner, "Media source");
  await uploadFile(owner, source.id, await makeImage({ width: 400 }), "a.jpg");
  const exported = await fetch(`${app.baseUrl}/api/blogs/${source.id}/export`, {
    headers: { cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
  });
  const files = unzipSync(new Uint8Array(await exported.arrayBuffer()));
  const doc = JSON.parse(new TextDecoder().decode(files["blogfleet.json"])) as BlogfleetExport;
  const realBytes = doc.media
    .flatMap((m) => m.variants)
    .reduce((sum, v) => sum + (files[`media/${v.file}`]?.length ?? 0), 0);
  const target = await createBlog(owner, "Media target");
  const res = await startImport(
    owner,
    target.id,
    exportZip(
      {
        ...doc,
        media: doc.media.map((m) => ({
          ...m,
          uploadBytes: 0,
          variants: m.variants.map((v) => ({ ...v, bytes: 0 })),
        })),
      },
      Object.fromEntries(Object.entries(files).filter(([name]) => name.startsWith("media/"))),
    ),
  );
  const job = await finished(app, owner, res.body.id);
  const rows = await app.db.select().from(media).where(eq(media.blogId, target.id));
  const counted = rows.reduce((sum, row) => sum + row.storedBytes, 0);
  return {
    name: "import: an image declared at 0 bytes",
    text: `job ${job.status}, bytes of the files ${realBytes}, bytes counted against the quota ${counted}`,
    ok: job.status === "succeeded" && counted === realBytes && realBytes > 0,
  };
}

/** Finding 7: a declared 200 MB body, nothing sent. */
async function declaredSize(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Declared");
  const url = new URL(app.baseUrl);
  const started = performance.now();
  const status = await new Promise<number>((resolve) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        method: "POST",
        path: `/api/blogs/${blog.id}/imports`,
        headers: {
          cookie: [...owner.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
          origin: app.origin,
          "content-type": "application/octet-stream",
          "content-length": String(200 * 1024 * 1024),
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on("error", () => resolve(0));
    req.flushHeaders();
    setTimeout(() => {
      resolve(0);
      req.destroy();
    }, 5000).unref();
  });
  const ms = performance.now() - started;
  return {
    name: "import: Content-Length 200 MB, no body sent",
    text: `answered ${status || "nothing"} in ${Math.round(ms)} ms`,
    ok: status === 413 && ms < 1000,
  };
}

/** Imports per owner per hour: a burst of small ones. */
async function burst(app: TestApp): Promise<Figure> {
  const owner = await createOwner(app);
  const blog = await createBlog(owner, "Burst");
  const tries = importLimits.perOwnerPerHour * 3;
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < tries; i++) {
    const res = await startImport(owner, blog.id, zipSync({ [`p${i}.md`]: strToU8("# Hi") }));
    if (res.status === 202) accepted++;
    else if (res.status === 429) refused++;
  }
  await app.imports.idle();
  return {
    name: "import: a burst from one owner",
    text: `tried ${tries}, accepted ${accepted}, refused with 429 ${refused} (limit ${importLimits.perOwnerPerHour} an hour)`,
    ok: accepted === importLimits.perOwnerPerHour && refused === tries - accepted,
  };
}

export const importsCheck: SecurityCheck = {
  name: "imports",
  async run() {
    return withTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } }, async (app) => [
      await zipStall(app, 16),
      await zipStall(app, 60),
      await exportFields(app),
      await openRedirect(app),
      await mediaSizes(app),
      await declaredSize(app),
      await burst(app),
    ]);
  },
};
