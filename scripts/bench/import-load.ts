/**
 * Issue 29: a cheap API call while a large import runs. The real server (a child process
 * started with `npm start`'s command) takes a ~95 MiB Markdown zip of many small entries, then a
 * ~95 MiB WordPress export, while a probe asks `GET /api/auth/user` every 20 ms. Each import is
 * followed through its upload, its parse on the import's worker thread (until it is running),
 * and `BENCH_IMPORT_WRITE_SECONDS` (default 10) of writing posts, then cancelled.
 *
 * Prints the probe's p50/p95/max per phase and a target line: the probe's p95 over every phase
 * of both imports, against 100 ms.
 *
 * BENCH_QUICK=1: ~24 MiB files and 3 s of writing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { call } from "../checks/loopback-call.ts";
import { median, percentile } from "./fixtures.ts";
import { benchServerEnv, freePort, startCommand } from "./start-command.ts";

const quick = process.env.BENCH_QUICK === "1" || process.argv.includes("--quick");
const fileBytes = (quick ? 24 : 95) * 1024 * 1024;
const writeSeconds = Number(process.env.BENCH_IMPORT_WRITE_SECONDS ?? (quick ? 3 : 10));
const probeEveryMs = 20;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Seeded pseudo-words: text that packs about as tightly as prose (2–3:1). */
function textMaker(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state;
  };
  const letters = "etaoinshrdlucmfwypvbgkqjxz";
  const words = Array.from({ length: 20_000 }, () =>
    Array.from({ length: 3 + (next() % 8) }, () => letters[next() % 26]).join(""),
  );
  return (chars: number) => {
    const out: string[] = [];
    let length = 0;
    while (length < chars) {
      const sentence = `${Array.from({ length: 12 }, () => words[next() % words.length]).join(" ")}.`;
      out.push(sentence);
      length += sentence.length + 1;
    }
    return out.join(" ");
  };
}

/** A zip of Markdown posts of ~24 kB each, packing to about `bytes`. */
function markdownZip(bytes: number): Uint8Array {
  const text = textMaker(11);
  const files: Record<string, Uint8Array> = {};
  let packed = 0;
  for (let i = 0; packed < bytes; i++) {
    const body = strToU8(`---\ntitle: Imported post ${i}\n---\n${text(24_000)}\n`);
    files[`posts/post-${String(i).padStart(5, "0")}.md`] = body;
    packed += body.length / 2.1;
  }
  return zipSync(files, { level: 6 });
}

/** A WordPress export (WXR) of posts of ~24 kB each, about `bytes` long. */
function wordPressExport(bytes: number): Uint8Array {
  const text = textMaker(23);
  const items: string[] = [];
  let length = 0;
  for (let i = 0; length < bytes; i++) {
    const item = `<item><title>Imported post ${i}</title><link>https://old.example/p/${i}/</link><wp:post_id>${i + 1}</wp:post_id><wp:post_name>imported-post-${i}</wp:post_name><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2024-01-01 10:00:00</wp:post_date_gmt><content:encoded><![CDATA[<p>${text(24_000)}</p>]]></content:encoded></item>\n`;
    items.push(item);
    length += item.length;
  }
  return strToU8(
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>Bench</title><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.example</wp:base_blog_url>\n${items.join("")}</channel></rss>\n`,
  );
}

const summary = (values: number[]) => ({
  n: values.length,
  p50Ms: Math.round(median(values)),
  p95Ms: Math.round(percentile(values, 95)),
  maxMs: Math.round(Math.max(...values)),
});

const dir = mkdtempSync(join(tmpdir(), "blogfleet-bench-import-load-"));
let child: ChildProcess | undefined;
process.on("exit", () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});
try {
  const files = { markdown: markdownZip(fileBytes), wordpress: wordPressExport(fileBytes) };
  const port = await freePort();
  const start = startCommand(process.cwd());
  const cpuProf = process.env.BENCH_CPU_PROF;
  const profileArgs = cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${cpuProf}`] : [];
  child = spawn(process.execPath, [...start.flags, ...profileArgs, start.script], {
    stdio: ["ignore", "ignore", "inherit"],
    env: benchServerEnv(start, port, dir, "blogfleet.db", {
      BLOG_DOMAIN: "blogs.test",
      LOG_LEVEL: "warn",
      APP_ORIGIN: "",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
    }),
  });
  const exited = new Promise((done) => child?.once("exit", done));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; await sleep(50)) {
    const reply = await call(port, "/healthz").catch(() => undefined);
    if (reply?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error("the server did not start");
  }
  let cookie = "";
  const api = async <T>(method: string, path: string, json?: unknown): Promise<T> => {
    const res = await fetch(origin + path, {
      method,
      headers: {
        origin,
        cookie,
        ...(json === undefined ? {} : { "content-type": "application/json" }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const set = res.headers.getSetCookie()[0];
    if (set) cookie = set.split(";")[0] as string;
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  await api("POST", "/auth/sign-up", {
    email: "bench-import@example.com",
    password: "correct horse battery staple",
  });

  let phase = "idle";
  const timings = new Map<string, number[]>();
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const started = performance.now();
      const reply = await call(port, "/api/auth/user", { headers: { cookie } });
      if (reply.status !== 200) throw new Error(`the probe was answered ${reply.status}`);
      const list = timings.get(phase) ?? [];
      list.push(performance.now() - started);
      timings.set(phase, list);
      await sleep(probeEveryMs);
    }
  })();

  for (const [format, file] of Object.entries(files)) {
    const blog = await api<{ id: string }>("POST", "/api/blogs", { name: `Import ${format}` });
    phase = `${format}: upload`;
    const uploadStarted = performance.now();
    const res = await fetch(`${origin}/api/blogs/${blog.id}/imports`, {
      method: "POST",
      headers: { origin, cookie, "content-type": "application/octet-stream" },
      body: new Blob([file as Uint8Array<ArrayBuffer>]),
    });
    const job = (await res.json()) as { id: string; status: string; error: string | null };
    if (res.status !== 202) throw new Error(`the upload was answered ${res.status}`);
    const uploadMs = performance.now() - uploadStarted;
    phase = `${format}: parse`;
    const parseStarted = performance.now();
    let state = job;
    while (state.status === "queued") {
      await sleep(50);
      state = await api("GET", `/api/imports/${job.id}`);
    }
    const parseMs = performance.now() - parseStarted;
    if (state.status !== "running") throw new Error(`the import ${state.status}: ${state.error}`);
    phase = `${format}: writing`;
    await sleep(writeSeconds * 1000);
    const written = await api<{ done: number; total: number }>("GET", `/api/imports/${job.id}`);
    await api("POST", `/api/imports/${job.id}/cancel`);
    phase = "idle";
    console.log(
      JSON.stringify({
        figure: `import of a ${(file.length / 1024 / 1024).toFixed(1)} MiB ${format} file`,
        uploadAnsweredMs: Math.round(uploadMs),
        parsedInMs: Math.round(parseMs),
        items: written.total,
        writtenIn: `${written.done} in ${writeSeconds} s`,
      }),
    );
  }
  probing = false;
  await probe;

  const during: number[] = [];
  const phases: Record<string, ReturnType<typeof summary>> = {};
  for (const [name, list] of timings) {
    phases[name] = summary(list);
    if (name !== "idle") during.push(...list);
  }
  console.log(JSON.stringify({ figure: "GET /api/auth/user while importing", phases }));
  console.log(
    JSON.stringify({
      target: "cheap API call p95 while a 95 MiB import runs",
      figure: Math.round(percentile(during, 95)),
      unit: "ms",
      anchor: 100,
      anchorLabel: "limit",
      max: 1,
    }),
  );
  child.kill("SIGTERM");
  await exited;
} finally {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
}
