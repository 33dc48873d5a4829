/**
 * `npm run check:scale`: the scale-out figures of issue 21, measured on loopback against the real
 * server (`api/server.ts`) running as separate processes on one PostgreSQL database (a fresh
 * `sc_*` database, dropped at the end) and one S3-compatible server (s3rver), behind nginx
 * (round robin over the two web processes):
 *
 *   (a) publish through one web process: time until every process (web 1, web 2, nginx) serves
 *       the new page, p50/p95 over SCALE_PUBLISHES publishes;
 *   (b) kill -9 of the worker mid-import and mid-render: nothing lost, the job finishes on the
 *       worker started in its place (time to finish after the kill);
 *   (c) SCALE_SCHEDULED scheduled posts due within seconds, two workers: each published once
 *       (publish events counted by a trigger on the posts table);
 *   (d) full renders of SCALE_BLOGS blogs with two workers, then with one (blogs per minute).
 *
 * Prints one JSON line per figure and a readable summary; exits 1 when a correctness check fails
 * (a lost job, a double publish, a page not served), never because of a timing.
 * Needs the built theme (`npx astro build`) and nginx at /usr/sbin/nginx (or NGINX).
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { TestClient } from "../../api/test/harness.ts";
import { createTestPostgresDatabase } from "../../api/test/postgres.ts";
import { rawGet } from "../../api/test/raw-http.ts";
import type { Blog } from "../../contracts/blogs.ts";
import type { Post } from "../../contracts/posts.ts";
import { startTestS3Server, testS3Credentials } from "../../site-builder/storage/s3-test-server.ts";
import { median, percentile } from "../bench/fixtures.ts";

const num = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a positive number`);
  return value;
};
const publishes = num("SCALE_PUBLISHES", 8);
const importItems = num("SCALE_IMPORT_ITEMS", 300);
const scheduledCount = num("SCALE_SCHEDULED", 30);
const renderBlogs = num("SCALE_BLOGS", 6);
const postsPerRenderBlog = num("SCALE_POSTS_PER_BLOG", 150);
const nginxBinary = process.env.NGINX ?? "/usr/sbin/nginx";
const blogDomain = "blogs.test";

if (!existsSync(resolve("site-builder/dist/server/entry.mjs"))) {
  console.error("The blog theme is not built: run `npx astro build` first.");
  process.exit(2);
}

const startedAt = Date.now();
const failures: string[] = [];
const summary: string[] = [];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
function report(figure: string, values: Record<string, unknown>, line: string, ok = true) {
  console.log(JSON.stringify({ figure, ok, load: load(), ...values }));
  summary.push(`${ok ? "PASS" : "FAIL"} ${figure}: ${line} (load ${load()})`);
  if (!ok) failures.push(figure);
}
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
async function until<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

// ---------------------------------------------------------------------------------------------
// The set-up: s3rver, a fresh PostgreSQL database, the processes, nginx

const dir = mkdtempSync(join(tmpdir(), "blogfleet-scale-check-"));
const s3 = await startTestS3Server("scale-check");
process.env.TEST_DATABASE_PREFIX = "sc_";
const database = await createTestPostgresDatabase();
const sql = new pg.Client({ connectionString: database.url });
await sql.connect();
const prefix = "check";
const s3Client = new S3Client({
  endpoint: s3.endpoint,
  region: "us-east-1",
  forcePathStyle: true,
  credentials: testS3Credentials,
});

type App = { name: string; role: string; port: number; url: string; child: ChildProcess };
const apps: App[] = [];
let nginx: ChildProcess | undefined;

async function startApp(name: string, role: "web" | "worker" | "all"): Promise<App> {
  const port = await freePort();
  const log = openSync(join(dir, `${name}.log`), "a");
  const child = spawn(process.execPath, [resolve("api/server.ts")], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      DATABASE_URL: database.url,
      PROCESS_ROLE: role,
      PORT: String(port),
      HOST: "127.0.0.1",
      STORAGE_URL: `s3://${s3.bucket}/${prefix}`,
      AWS_ENDPOINT_URL: s3.endpoint,
      AWS_REGION: "us-east-1",
      AWS_ACCESS_KEY_ID: testS3Credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: testS3Credentials.secretAccessKey,
      SITES_DIR: join(dir, `sites-${name}`),
      BLOG_DOMAIN: blogDomain,
      REGISTRATION: "open",
      SIGN_UPS_PER_ADDRESS: "1000",
      TRUST_PROXY: "loopback",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", log, log],
  });
  const app = { name, role, port, url: `http://127.0.0.1:${port}`, child };
  apps.push(app);
  await until(
    `${name} healthy`,
    async () => (await fetch(`${app.url}/healthz`)).status,
    // Up: a worker whose renders keep failing says so with 503, and is up all the same.
    (status) => status === 200 || status === 503,
    120_000,
    250,
  );
  return app;
}

function kill9(app: App) {
  app.child.kill("SIGKILL");
  apps.splice(apps.indexOf(app), 1);
}

async function stopApp(app: App) {
  const exited = new Promise((done) => app.child.once("exit", done));
  app.child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000)]);
  app.child.kill("SIGKILL");
  apps.splice(apps.indexOf(app), 1);
}

async function startNginx(upstreams: App[]): Promise<string> {
  const port = await freePort();
  const conf = join(dir, "nginx.conf");
  // nginx's workers run as an unprivileged user when started as root: their temp folders must
  // be theirs to write.
  const temp = join(dir, "nginx-temp");
  mkdirSync(temp);
  chmodSync(dir, 0o711);
  chmodSync(temp, 0o777);
  writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "nginx-error.log")} warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  client_max_body_size 50m;
  upstream blogfleet { ${upstreams.map((app) => `server 127.0.0.1:${app.port};`).join(" ")} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://blogfleet;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto http;
    }
  }
}
`,
  );
  nginx = spawn(nginxBinary, ["-p", dir, "-c", conf], {
    stdio: ["ignore", "ignore", openSync(join(dir, "nginx.log"), "a")],
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    "nginx",
    async () => (await fetch(`${url}/healthz`)).status,
    (s) => s === 200,
    20_000,
  );
  return url;
}

/** Errors the processes logged (level 50 and above), for the summary. */
function loggedErrors(): string[] {
  const lines: string[] = [];
  for (const name of readdirSync(dir).filter((file) => /^(web|worker)-\d+\.log$/.test(file))) {
    const errors = readFileSync(join(dir, name), "utf8")
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line));
    if (errors.length === 0) continue;
    const first = JSON.parse(errors[0] as string) as { msg?: string; err?: { message?: string } };
    lines.push(
      `${name}: ${errors.length} errors logged, first: ${first.msg} (${first.err?.message})`,
    );
  }
  return lines;
}

async function cleanUp() {
  nginx?.kill("SIGTERM");
  await Promise.all([...apps].map((app) => stopApp(app)));
  // Expected after each kill -9: the replacement may log a failed first try; listed, not judged.
  for (const line of loggedErrors()) summary.push(`     ${line}`);
  await sql.end().catch(() => undefined);
  await database.drop().catch((error: unknown) => console.error("database not dropped", error));
  await s3.close();
  // The processes' logs stay when something failed (their folder is printed at the start).
  if (failures.length === 0) rmSync(dir, { recursive: true, force: true });
  else console.error(`logs kept in ${dir}`);
}

// ---------------------------------------------------------------------------------------------
// Helpers on the app

const count = async (query: string, params: unknown[] = []) =>
  Number((await sql.query(query, params)).rows[0]?.n ?? 0);

async function createBlog(owner: TestClient, name: string, subdomain: string): Promise<Blog> {
  const blog = (await owner.post<Blog>("/api/blogs", { name })).body;
  const domain = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain });
  if (domain.status !== 200) throw new Error(`subdomain: ${domain.status} ${domain.text}`);
  return blog;
}

async function createPost(owner: TestClient, blogId: string, title: string): Promise<Post> {
  const created = await owner.post<Post>("/api/posts", {
    blogId,
    title,
    content: `<p>${title}: a paragraph long enough to be a post.</p>`,
  });
  if (created.status !== 201) throw new Error(`post: ${created.status} ${created.text}`);
  return created.body;
}

async function publish(owner: TestClient, postId: string) {
  for (const status of ["under_review", "published"]) {
    const changed = await owner.patch(`/api/posts/${postId}/status`, { status });
    if (changed.status !== 200)
      throw new Error(`status ${status}: ${changed.status} ${changed.text}`);
  }
}

/** A WordPress export (WXR) of `items` published posts, in the format the importer reads. */
function wordPressExport(items: number, tag: string): Buffer {
  const paragraph =
    "Bees visit the lavender at dawn, and the gardener writes down which rows they favour. ";
  const entries = Array.from({ length: items }, (_, i) => {
    const day = new Date(Date.UTC(2024, 0, 1) + i * 3_600_000).toISOString();
    return `<item><title>${tag} post ${i + 1}</title><pubDate>${new Date(day).toUTCString()}</pubDate>
<content:encoded><![CDATA[${`<p>${paragraph.repeat(3)}</p>`.repeat(2)}]]></content:encoded>
<wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt>${day.slice(0, 19).replace("T", " ")}</wp:post_date_gmt>
<wp:post_name>${tag}-post-${i + 1}</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type></item>`;
  });
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${tag}</title><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://example.com</wp:base_site_url><wp:base_blog_url>https://example.com</wp:base_blog_url>
${entries.join("\n")}
</channel></rss>`);
}

async function startImportOf(owner: TestClient, blogId: string, items: number, tag: string) {
  const started = await owner.request<{ id: string }>("POST", `/api/blogs/${blogId}/imports`, {
    raw: wordPressExport(items, tag),
    headers: { "x-file-name": `${tag}.xml` },
  });
  if (started.status !== 202) throw new Error(`import: ${started.status} ${started.text}`);
  return started.body.id;
}

const importRow = async (id: string) =>
  (
    await sql.query<{ status: string; done: number; total: number }>(
      "select status, done, total from import_jobs where id = $1",
      [id],
    )
  ).rows[0];

/** Post pages in the blog's live generation on the bucket. */
async function livePostPages(blogId: string): Promise<number> {
  const pointer = await s3Client.send(
    new GetObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/.live/blogs/${blogId}` }),
  );
  const live = (await pointer.Body?.transformToString())?.trim() ?? "";
  let pages = 0;
  let token: string | undefined;
  do {
    const listed = await s3Client.send(
      new ListObjectsV2Command({
        Bucket: s3.bucket,
        Prefix: `${live.startsWith(prefix) ? live : `${prefix}/${live}`}/post/`,
        ContinuationToken: token,
      }),
    );
    pages += (listed.Contents ?? []).filter((o) => o.Key?.endsWith(".html")).length;
    token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
  } while (token);
  return pages;
}

/** Whether the blog has a render waiting or running (its outbox row). */
const renderPending = async (blogId: string) =>
  (await count("select count(*) as n from render_jobs where blog_id = $1", [blogId])) > 0;
const renderRunning = async (blogId: string) =>
  (await count(
    "select count(*) as n from render_jobs where blog_id = $1 and started_at is not null",
    [blogId],
  )) > 0;

// ---------------------------------------------------------------------------------------------
// The figures

async function main() {
  console.log(
    `scale check: PostgreSQL ${database.url.replace(/\/\/[^@]*@/, "//")}, s3rver ${s3.endpoint}, logs in ${dir} (load ${load()})`,
  );
  const [web1, web2, firstWorker] = await Promise.all([
    startApp("web-1", "web"),
    startApp("web-2", "web"),
    startApp("worker-1", "worker"),
  ]);
  let worker = firstWorker as App;
  const front = await startNginx([web1 as App, web2 as App]);
  report(
    "start",
    { seconds: (Date.now() - startedAt) / 1000 },
    `two web processes, one worker and nginx up after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );

  const owner = new TestClient(front, front);
  const signUp = await owner.post("/auth/sign-up", {
    email: "scale@example.com",
    password: "correct horse battery staple",
  });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
  const through = (app: App) => {
    const client = new TestClient(app.url, app.url);
    for (const [k, v] of owner.cookies) client.cookies.set(k, v);
    return client;
  };

  // (a) publish through web 1, read through web 1, web 2 and nginx
  {
    const blog = await createBlog(through(web1 as App), "Fresh pages", "fresh");
    const host = `fresh.${blogDomain}`;
    const readers = [web1 as App, web2 as App, { name: "nginx", url: front }];
    const times: number[] = [];
    let wrong = 0;
    for (let i = 0; i <= publishes; i++) {
      const title = `Fresh page ${i} ${Date.now()}`;
      const post = await createPost(through(web1 as App), blog.id, title);
      await publish(through(web1 as App), post.id);
      const published = Date.now();
      const served = await Promise.all(
        readers.map((reader) =>
          until(
            `${reader.name} serves ${title}`,
            () => rawGet(reader.url, `/post/${post.slug}`, { host }),
            (reply) => reply.status === 200 && reply.body.includes(title),
            60_000,
            25,
          ).then(
            () => Date.now() - published,
            () => {
              wrong++;
              return Number.NaN;
            },
          ),
        ),
      );
      if (i > 0) times.push(Math.max(...served)); // the first publish warms the processes up
    }
    const ok = wrong === 0;
    const p50 = median(times);
    const p95 = percentile(times, 95);
    report(
      "publish-to-every-process",
      { publishes, p50Ms: p50, p95Ms: p95, maxMs: Math.max(...times), notServed: wrong },
      `publish through web 1 -> served by web 1, web 2 and nginx: p50 ${p50} ms, p95 ${p95} ms over ${publishes} publishes${ok ? "" : `; ${wrong} reads never saw the page`}`,
      ok,
    );
  }

  // (b) kill -9 the worker mid-import, then mid-render (the import's full render)
  {
    const blog = await createBlog(through(web2 as App), "Big import", "big");
    const importId = await startImportOf(owner, blog.id, importItems, "big");
    await until(
      "import running",
      () => importRow(importId),
      (row) => row?.status === "running" && Number(row.done) >= importItems / 3,
      120_000,
      50,
    );
    const atKill = await importRow(importId);
    const dying = worker;
    const killedAt = Date.now();
    kill9(dying);
    worker = await startApp("worker-2", "worker");
    const done = await until(
      "import finished elsewhere",
      () => importRow(importId),
      (row) => row?.status !== "running" && row?.status !== "queued",
      240_000,
      250,
    ).catch(() => undefined);
    const importMs = Date.now() - killedAt;
    const posts = await count("select count(*) as n from posts where blog_id = $1", [blog.id]);
    const keys = await count("select count(*) as n from imported_items where blog_id = $1", [
      blog.id,
    ]);
    const importOk = done?.status === "succeeded" && posts === importItems && keys === importItems;
    report(
      "kill-9-mid-import",
      {
        items: importItems,
        doneAtKill: Number(atKill?.done),
        status: done?.status ?? "not finished",
        posts,
        importedItems: keys,
        finishedAfterKillMs: importMs,
      },
      `worker killed at item ${atKill?.done}/${importItems}; the import ${done?.status ?? "did not finish"} on the replacement worker ${(importMs / 1000).toFixed(1)} s after the kill, ${posts} posts, ${keys} items recorded (expected ${importItems} each)`,
      importOk,
    );

    // The import asked for a full render of the blog: kill its worker while it renders.
    const rendering = await until(
      "render started",
      () => renderRunning(blog.id),
      (running) => running,
      180_000,
      50,
    ).catch(() => false);
    const buildsBefore = await count(
      "select count(*) as n from site_builds where blog_id = $1 and status = 'succeeded'",
      [blog.id],
    );
    const renderKilledAt = Date.now();
    kill9(worker);
    worker = await startApp("worker-3", "worker");
    const finished = await until(
      "render finished elsewhere",
      () => renderPending(blog.id),
      (pending) => !pending,
      240_000,
      250,
    ).then(
      () => true,
      () => false,
    );
    const renderMs = Date.now() - renderKilledAt;
    const buildsAfter = await count(
      "select count(*) as n from site_builds where blog_id = $1 and status = 'succeeded'",
      [blog.id],
    );
    const pages = await livePostPages(blog.id).catch(() => 0);
    const renderOk = rendering && finished && buildsAfter > buildsBefore && pages >= importItems;
    report(
      "kill-9-mid-render",
      {
        caughtRendering: rendering,
        finished,
        finishedAfterKillMs: renderMs,
        livePostPages: pages,
        posts: importItems,
      },
      `worker killed during the full render; the render ${finished ? "finished" : "did NOT finish"} on the replacement worker ${(renderMs / 1000).toFixed(1)} s after the kill, ${pages}/${importItems} post pages live in the bucket`,
      renderOk,
    );
  }

  // (c) scheduled posts, two workers: each published exactly once
  const secondWorker = await startApp("worker-4", "worker");
  {
    await sql.query(`
      create table sc_publish_events (post_id text not null, at timestamptz not null default now());
      create function sc_count_publish() returns trigger language plpgsql as $$
      begin
        insert into sc_publish_events (post_id) values (new.id);
        return new;
      end $$;
      create trigger sc_count_publish after update on posts for each row
        when (new.status = 'published' and (old.status is distinct from 'published'
          or old.published_at is distinct from new.published_at))
        execute function sc_count_publish();`);
    const blog = await createBlog(owner, "Scheduled", "scheduled");
    const ids: string[] = [];
    const client = owner;
    for (let i = 0; i < scheduledCount; i++)
      ids.push((await createPost(client, blog.id, `Scheduled ${i + 1}`)).id);
    const base = Date.now() + 8_000;
    for (const [i, id] of ids.entries()) {
      const at = new Date(base + (i % 5) * 1_000).toISOString();
      const scheduled = await client.patch(`/api/posts/${id}/schedule`, { scheduledPublishAt: at });
      if (scheduled.status !== 200)
        throw new Error(`schedule: ${scheduled.status} ${scheduled.text}`);
    }
    const lastDue = base + 4_000;
    const published = await until(
      "scheduled posts published",
      () =>
        count("select count(*) as n from posts where blog_id = $1 and status = 'published'", [
          blog.id,
        ]),
      (n) => n === scheduledCount,
      120_000,
      200,
    ).catch(() => -1);
    const lateMs = Date.now() - lastDue;
    await sleep(5_000); // time for a second run of the schedule, were one to publish again
    const events = await count(
      "select count(*) as n from sc_publish_events e join posts p on p.id = e.post_id where p.blog_id = $1",
      [blog.id],
    );
    const twice = await count(
      "select count(*) as n from (select post_id from sc_publish_events group by post_id having count(*) > 1) t",
    );
    const ok = published === scheduledCount && events === scheduledCount && twice === 0;
    report(
      "scheduled-exactly-once",
      {
        scheduled: scheduledCount,
        workers: 2,
        published,
        publishEvents: events,
        publishedTwice: twice,
        lastPublishedAfterLastDueMs: lateMs,
      },
      `${scheduledCount} posts due within 5 s, two workers: ${published} published, ${events} publish events, ${twice} published twice; all out ${(lateMs / 1000).toFixed(1)} s after the last was due`,
      ok,
    );
  }

  // (d) full renders of N blogs: two workers, then one
  {
    const blogs: Blog[] = [];
    for (let i = 0; i < renderBlogs; i++)
      blogs.push(await createBlog(owner, `Throughput ${i + 1}`, `throughput-${i + 1}`));
    // Their posts come by import, all at once (both workers take imports).
    const imports = await Promise.all(
      blogs.map((blog, i) => startImportOf(owner, blog.id, postsPerRenderBlog, `t${i + 1}`)),
    );
    for (const id of imports)
      await until(
        "throughput import",
        () => importRow(id),
        (row) => row?.status === "succeeded",
        240_000,
        250,
      );
    const idle = () =>
      until(
        "renders idle",
        () =>
          count("select count(*) as n from render_jobs where blog_id = any($1)", [
            blogs.map((b) => b.id),
          ]),
        (n) => n === 0,
        240_000,
        100,
      );
    await idle();
    const round = async (label: string, workers: number) => {
      const started = Date.now();
      let n = 0;
      for (const blog of blogs) {
        const changed = await owner.patch(`/api/blogs/${blog.id}`, {
          description: `${label} ${++n} ${started}`,
        });
        if (changed.status !== 200) throw new Error(`blog: ${changed.status} ${changed.text}`);
      }
      await idle();
      const seconds = (Date.now() - started) / 1000;
      const perMinute = (renderBlogs / seconds) * 60;
      report(
        `render-throughput-${workers}-worker${workers > 1 ? "s" : ""}`,
        { blogs: renderBlogs, postsPerBlog: postsPerRenderBlog, workers, seconds, perMinute },
        `${renderBlogs} full renders of ${postsPerRenderBlog}-post blogs with ${workers} worker${workers > 1 ? "s" : ""}: ${seconds.toFixed(1)} s, ${perMinute.toFixed(1)} blogs/min`,
      );
      return perMinute;
    };
    const two = await round("two", 2);
    await stopApp(secondWorker);
    const one = await round("one", 1);
    summary.push(`     two workers / one worker: ${(two / one).toFixed(2)}x`);
  }
}

// Ctrl-C: stop the processes and drop the database before leaving.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => {
    console.error(`${signal}: stopping the processes`);
    void cleanUp().finally(() => process.exit(1));
  });

let crashed: unknown;
try {
  await main();
} catch (error) {
  crashed = error;
  failures.push("the check itself");
  console.error(error);
  for (const app of apps) {
    const log = readFileSync(join(dir, `${app.name}.log`), "utf8")
      .split("\n")
      .slice(-5)
      .join("\n");
    console.error(`--- last lines of ${app.name}\n${log}`);
  }
} finally {
  await cleanUp();
}
console.log(
  `\nScale check (${((Date.now() - startedAt) / 1000).toFixed(0)} s, load now ${load()}):`,
);
for (const line of summary) console.log(`  ${line}`);
if (crashed || failures.length > 0) {
  console.log(`FAILED: ${failures.join(", ")}`);
  process.exit(1);
}
process.exit(0);
