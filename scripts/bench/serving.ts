/**
 * Static serving of one post page under load (autocannon on 127.0.0.1), through the app as
 * readers on the blog's host reach it, beside one nginx worker serving the same file in the
 * same run (`gzip on`), each without and with `Accept-Encoding: gzip`, the two taking turns
 * (BENCH_ROUNDS loads of BENCH_SECONDS each). The app answers gzip from the copy it
 * compressed once; nginx compresses per request at its default level.
 * Prints JSON lines, and the issue-20 target lines (≥ 0.5× nginx) of scripts/bench.ts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createApp } from "../../api/app.ts";
import { seededDatabase } from "./fixtures.ts";
import { benchPublishing, listenOnLoopback } from "./server.ts";
import { freePort } from "./start-command.ts";

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 50;
/** Loads per side and encoding, taking turns with nginx. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

type Figure = {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Body bytes of one answer, and how it was encoded (checked once before the load). */
  bodyBytes: number;
  encoding: string;
};

/** One request as the load sends it: what comes back and in which encoding. */
function probe(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; encoding: string }>((resolve, reject) => {
    request(url, { headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes,
          encoding: String(res.headers["content-encoding"] ?? "identity"),
        }),
      );
    })
      .on("error", reject)
      .end();
  });
}

async function load(url: string, host: string, gzip: boolean): Promise<Figure> {
  const headers: Record<string, string> = gzip ? { host, "accept-encoding": "gzip" } : { host };
  const once = await probe(url, headers);
  if (once.status !== 200) throw new Error(`${url} answered ${once.status}`);
  // The load runs on a worker thread: on the server's own event loop it would take the CPU
  // time of the server it measures (nginx never paid that).
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
    bodyBytes: once.bytes,
    encoding: once.encoding,
  };
}

const print = (line: object) => console.log(JSON.stringify(line));

/** Several loads of one side as one figure: mean requests per second, worst p99, sums. */
function combined(figures: Figure[]): Figure {
  const first = figures[0] as Figure;
  return {
    requestsPerSecond: Math.round(
      figures.reduce((sum, f) => sum + f.requestsPerSecond, 0) / figures.length,
    ),
    p99Ms: Math.max(...figures.map((f) => f.p99Ms)),
    errors: figures.reduce((sum, f) => sum + f.errors, 0),
    non2xx: figures.reduce((sum, f) => sum + f.non2xx, 0),
    bodyBytes: first.bodyBytes,
    encoding: first.encoding,
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
  const url = `http://127.0.0.1:${port}/post/${slug}`;

  const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
  if (!nginx) {
    for (const gzip of [false, true]) {
      const ours = await load(url, host, gzip);
      print({
        figure: `static post page, Blogfleet${gzip ? ", gzip" : ""}`,
        connections,
        seconds,
        ...ours,
      });
    }
    print({
      figure: "static post page, nginx",
      note: "nginx is not installed; no comparison in this run",
    });
  } else {
    const nginxPort = await freePort();
    const root = join(dir, "sites", "hosts", host);
    const conf = join(dir, "nginx.conf");
    writeFileSync(
      conf,
      `worker_processes 1; daemon off; pid ${join(dir, "nginx.pid")}; error_log ${join(dir, "nginx-error.log")};
events { worker_connections 1024; }
user root; http { access_log off; include /etc/nginx/mime.types; gzip on;
  server { listen 127.0.0.1:${nginxPort}; root ${root}; location / { try_files $uri $uri.html =404; } } }`,
    );
    const child = spawn(nginx, ["-c", conf, "-p", dir], { stdio: "ignore" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const theirsUrl = `http://127.0.0.1:${nginxPort}/post/${slug}`;
      for (const gzip of [false, true]) {
        const variant = gzip ? "gzip" : "plain";
        // Turn by turn, `rounds` times each: on a shared machine the load of other work
        // changes from one second to the next, and each side gets the same share of it.
        const ourRounds: Figure[] = [];
        const theirRounds: Figure[] = [];
        for (let round = 0; round < rounds; round++) {
          ourRounds.push(await load(url, host, gzip));
          theirRounds.push(await load(theirsUrl, host, gzip));
        }
        const ours = combined(ourRounds);
        const theirs = combined(theirRounds);
        print({
          figure: `static post page, Blogfleet, ${variant}`,
          connections,
          seconds,
          rounds,
          ...ours,
        });
        print({
          figure: `static post page, nginx (1 worker), ${variant}`,
          connections,
          seconds,
          rounds,
          ...theirs,
        });
        if (ours.encoding !== theirs.encoding)
          throw new Error(`encodings differ: Blogfleet ${ours.encoding}, nginx ${theirs.encoding}`);
        print({
          target: `static serving vs nginx, ${variant}`,
          figure: ours.requestsPerSecond,
          unit: "req/s",
          anchor: theirs.requestsPerSecond,
          anchorLabel: "1 nginx worker, same run",
          min: 0.5,
        });
      }
    } finally {
      child.kill();
    }
  }
  server.close();
  await publishing.queue.stop();
  handle.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
