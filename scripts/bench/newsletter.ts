/**
 * One newsletter issue to 10,000 subscribers (issue 36): the real server (a child process
 * started with `npm start`'s command and environment) sends through an SMTP server on
 * 127.0.0.1 started here (the `smtp-server` package, counting what it is given, keeping
 * nothing), with `SMTP_CONNECTIONS` at its default.
 *
 * Prints: the send's time (the issue's first message received → its last, and the post's
 * publish → its last), messages a second, the API's latency while it sends (a signed-in
 * probe reading the blog's newsletter and its posts, 20 requests a second, p50/p95/p99)
 * beside the same probe with nothing sending, and the server's resident memory before and during the send
 * (its peak, read from /proc every 50 ms).
 *
 * BENCH_QUICK=1 (or --quick): 2,000 subscribers. BENCH_SUBSCRIBERS overrides the count.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SMTPServer } from "smtp-server";
import { openDatabase } from "../../api/db/client.ts";
import { subscribers } from "../../api/db/schema.ts";
import { type CallOptions, call as loopbackCall } from "../checks/loopback-call.ts";
import { median, percentile } from "./fixtures.ts";
import { benchServerEnv, freePort, startCommand } from "./start-command.ts";

const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const subscriberCount = Number(process.env.BENCH_SUBSCRIBERS ?? (quick ? 2000 : 10_000));
const blogDomain = "blogs.test";

const agent = new Agent({ keepAlive: true, maxSockets: 16 });
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const call = (port: number, path: string, options: CallOptions = {}) =>
  loopbackCall(port, path, { ...options, agent, timeoutMs: 60_000 });

/** The server process's resident memory in MiB (Linux). */
function rssMiB(pid: number | undefined): number {
  try {
    const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return Math.round(Number(line?.[1]) / 1024);
  } catch {
    return Number.NaN;
  }
}

const summary = (values: number[]) => ({
  n: values.length,
  p50Ms: Number(median(values).toFixed(1)),
  p95Ms: Number(percentile(values, 95).toFixed(1)),
  p99Ms: Number(percentile(values, 99).toFixed(1)),
});

// The SMTP server: counts each message and when it arrived; keeps no message.
let received = 0;
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  closeTimeout: 50,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received++;
      lastAt = performance.now();
      if (received === 1) firstAt = lastAt;
      callback();
    });
  },
});
await new Promise<void>((done) => smtp.listen(0, "127.0.0.1", done));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-newsletter-"));
let child: ChildProcess | undefined;
process.on("exit", () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const start = startCommand(process.cwd());
  child = spawn(process.execPath, [...start.flags, start.script], {
    stdio: ["ignore", "ignore", "inherit"],
    env: benchServerEnv(start, port, dir, "blogfleet.db", {
      BLOG_DOMAIN: blogDomain,
      LOG_LEVEL: "warn",
      APP_ORIGIN: origin,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: "Bench <bench@example.test>",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
    }),
  });
  for (const deadline = Date.now() + 60_000; ; await sleep(50)) {
    const up = await call(port, "/healthz").catch(() => undefined);
    if (up?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error("the server did not start");
  }

  let cookie = "";
  const api = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const headers: Record<string, string> = { origin };
    if (cookie) headers.cookie = cookie;
    const body = json === undefined ? undefined : JSON.stringify(json);
    if (body !== undefined) headers["content-type"] = "application/json";
    const reply = await call(port, path, { method, headers, body });
    const set = reply.headers["set-cookie"];
    if (Array.isArray(set) && set[0]) cookie = set[0].split(";")[0] as string;
    if (reply.status >= 300)
      throw new Error(`${method} ${path} answered ${reply.status}: ${reply.body.slice(0, 200)}`);
    return (reply.body ? JSON.parse(reply.body) : undefined) as T;
  };
  await api("POST", "/auth/sign-up", {
    email: "bench-newsletter@example.com",
    password: "correct horse battery staple",
  });
  const blog = await api<{ id: string }>("POST", "/api/blogs", { name: "Bench Letters" });
  await api("PATCH", `/api/blogs/${blog.id}/domain`, { subdomain: "letters" });

  // The list, written straight into the server's database (as an import would).
  const database = await openDatabase(`file:${join(dir, "blogfleet.db")}`);
  const confirmedAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
  for (let i = 0; i < subscriberCount; i += 1000) {
    await database.db.insert(subscribers).values(
      Array.from({ length: Math.min(1000, subscriberCount - i) }, (_, k) => ({
        blogId: blog.id,
        email: `reader${i + k}@example.com`,
        status: "subscribed" as const,
        confirmedAt,
        consentText: "Imported for the bench",
      })),
    );
  }
  database.close();

  const paragraphs = Array.from(
    { length: 12 },
    (_, i) =>
      `<p>Paragraph ${i} of the issue: tides, harbours and the moon, with a <a href="https://example.org/${i}">link</a> and <strong>some</strong> emphasis to inline.</p>`,
  ).join("");
  const post = await api<{ id: string }>("POST", "/api/posts", {
    blogId: blog.id,
    title: "Spring tides, explained",
    content: `<h2>What the moon does</h2>${paragraphs}`,
  });
  await api("PUT", `/api/posts/${post.id}/newsletter`, { sendByEmail: true });
  await api("PATCH", `/api/posts/${post.id}/status`, { status: "under_review" });

  // The probe: signed-in owners reading the newsletter screen's and the posts list's data, 20
  // requests a second (a busy dashboard, not a flood that would take the sender's CPU).
  const probe = async (timings: number[], until: () => boolean) => {
    for (let i = 0; !until(); i++) {
      const started = performance.now();
      await api(
        "GET",
        i % 2 === 0 ? `/api/blogs/${blog.id}/newsletter` : `/api/blogs/${blog.id}/posts`,
      );
      timings.push(performance.now() - started);
      await sleep(Math.max(0, 50 - (performance.now() - started)));
    }
  };
  const idleProbe: number[] = [];
  const idleUntil = performance.now() + 3000;
  await probe(idleProbe, () => performance.now() > idleUntil);
  const rssBefore = rssMiB(child.pid);

  const publishedAt = performance.now();
  await api("PATCH", `/api/posts/${post.id}/status`, { status: "published" });
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMiB(child?.pid));
  }, 50);
  const sendingProbe: number[] = [];
  const done = () => received >= subscriberCount;
  // The probe counts while messages arrive: from the first to the last.
  while (received === 0 && performance.now() - publishedAt < 120_000) await sleep(5);
  await probe(sendingProbe, () => done() || performance.now() - publishedAt > 600_000);
  clearInterval(sampler);
  if (!done()) throw new Error(`only ${received} of ${subscriberCount} messages arrived`);

  const sendMs = lastAt - firstAt;
  console.log(
    JSON.stringify({
      figure: `one issue to ${subscriberCount} subscribers through a loopback SMTP server`,
      messages: received,
      publishToFirstMessageMs: Math.round(firstAt - publishedAt),
      firstToLastMessageMs: Math.round(sendMs),
      publishToLastMessageMs: Math.round(lastAt - publishedAt),
      messagesPerSecond: Math.round(received / (sendMs / 1000)),
      apiWhileSending: summary(sendingProbe),
      apiIdle: summary(idleProbe),
      serverRssMiB: { before: rssBefore, peakWhileSending: peakRss },
    }),
  );
  console.log(
    JSON.stringify({
      target: `API p95 while one issue goes to ${subscriberCount} subscribers`,
      figure: summary(sendingProbe).p95Ms,
      unit: "ms",
      anchor: 100,
      anchorLabel: "limit 100 ms",
    }),
  );
} finally {
  child?.kill("SIGTERM");
  await new Promise<void>((done) => smtp.close(() => done()));
}
