/**
 * Static serving of one post page under load (autocannon on 127.0.0.1), through the app as
 * readers on the blog's host reach it. When nginx is installed, the same file is served by
 * one nginx worker in the same run, for comparison.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createApp, withFastPath } from "../../api/app.ts";
import { sanitizePostHtml } from "../../api/content/sanitize.ts";
import { parseEnv } from "../../api/env.ts";
import { createPublishing } from "../../api/features/publishing/publishing.ts";
import { createLogger } from "../../api/logger.ts";
import { seededDatabase } from "./fixtures.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;

type Figure = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

async function load(url: string, host: string): Promise<Figure> {
  const result = await autocannon({ url, connections, duration: seconds, headers: { host } });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-serve-"));
try {
  const { handle, blogId } = await seededDatabase(dir, 1000);
  const env = parseEnv({
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    SITES_DIR: join(dir, "sites"),
    BLOG_DOMAIN: "blogs.test",
    LOG_LEVEL: "silent",
  });
  const logger = createLogger("silent");
  const publishing = await createPublishing({
    db: handle.db,
    env,
    sanitize: sanitizePostHtml,
    logger,
  });
  await publishing.queue.enqueue(blogId, { full: true });
  await publishing.queue.onIdle();
  const slug = (await publishing.loadSnapshot(blogId))?.site.posts[0]?.slug as string;
  const app = createApp({ env, db: handle.db, logger, publishing });
  const server = createServer(withFastPath(app, publishing)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const host = "garden-1000.blogs.test";
  const ours = await load(`http://127.0.0.1:${port}/post/${slug}`, host);
  console.log(
    JSON.stringify({ figure: "static post page, Blogfleet", connections, seconds, ...ours }),
  );
  server.close();

  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  if (nginx) {
    const root = join(dir, "sites", "hosts", host);
    const conf = join(dir, "nginx.conf");
    writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${join(dir, "nginx.pid")}; error_log ${join(dir, "nginx-error.log")};
events { worker_connections 1024; }
user root; http { access_log off; include /etc/nginx/mime.types;
  server { listen 127.0.0.1:${port + 1}; root ${root}; location / { try_files $uri $uri.html =404; } } }`,
    );
    const child = spawn(nginx, ["-c", conf, "-p", dir], { stdio: "ignore" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const theirs = await load(`http://127.0.0.1:${port + 1}/post/${slug}`, host);
    console.log(
      JSON.stringify({
        figure: "static post page, nginx (1 worker)",
        connections,
        seconds,
        ...theirs,
      }),
    );
    console.log(
      JSON.stringify({
        figure: "Blogfleet / nginx requests per second",
        ratio: Number((ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)),
      }),
    );
    child.kill();
  } else {
    console.log(
      JSON.stringify({
        figure: "static post page, nginx",
        note: "nginx is not installed; no comparison in this run",
      }),
    );
  }
  await publishing.queue.stop();
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
