/**
 * Static serving of one post page under load (autocannon on 127.0.0.1), through the app as
 * readers on the blog's host reach it. When nginx is installed, the same file is served by
 * one nginx worker in the same run, for comparison.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createApp } from "../../api/app.ts";
import { seededDatabase } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";

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
  const { env, logger, publishing } = await benchPublishing(dir, handle);
  await publishing.queue.enqueue(blogId, { full: true });
  await publishing.queue.onIdle();
  const slug = (await publishing.loadSnapshot(blogId))?.site.posts[0]?.slug as string;
  const app = createApp({ env, db: handle.db, logger, publishing });
  const { server, port } = await listenOnLoopback(app, publishing);
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
