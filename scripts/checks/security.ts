/**
 * `npm run check:security`: the security figures of issue 9, measured against the real app on
 * 127.0.0.1 (a fresh app and database per part). One line per figure; exits 1 when any fails.
 *
 *   npm run check:security                       every part
 *   npm run check:security -- fuzz --seed=7      one part (names below), another fuzz seed
 *   npm run check:security -- --runs=500         fewer fuzz requests
 *
 * What each line means: docs/security.md. A part is a `SecurityCheck` in scripts/checks/security/
 * (a fresh app on 127.0.0.1 each); the stored-XSS browser sweep is its own script,
 * scripts/checks/xss.ts, run here as a child process (`npm run check:security -- stored`).
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import buildTheme from "../../tests/setup/build-theme.ts";
import { abuseCheck } from "./security/abuse.ts";
import { accountsCheck } from "./security/accounts.ts";
import { aiSpendCheck } from "./security/ai-spend.ts";
import { analyticsCheck } from "./security/analytics.ts";
import { csrfCheck } from "./security/csrf.ts";
import { fetchMetadataCheck } from "./security/fetch-metadata.ts";
import { fuzzCheck } from "./security/fuzz.ts";
import { hostHeaderCheck } from "./security/hosts.ts";
import { importsCheck } from "./security/imports.ts";
import { isolationCheck } from "./security/isolation.ts";
import { limitsCheck } from "./security/limits.ts";
import { pageSizeCheck } from "./security/page-size.ts";
import { platformHostCheck } from "./security/platform.ts";
import { type CheckOptions, crashes, type Figure, type SecurityCheck } from "./security/report.ts";
import { stallCheck } from "./security/stalls.ts";

/** The stored-XSS sweep (the real server, Chromium): its lines print as it runs. */
const storedXssCheck: SecurityCheck = {
  name: "stored xss",
  async run() {
    const run = spawnSync(process.execPath, [join(import.meta.dirname, "xss.ts")], {
      stdio: "inherit",
    });
    return [
      {
        name: "stored xss",
        text: `scripts/checks/xss.ts exited ${run.status ?? run.signal} (its figures above)`,
        ok: run.status === 0,
      },
    ];
  },
};

const checks: SecurityCheck[] = [
  isolationCheck,
  csrfCheck,
  fuzzCheck,
  abuseCheck,
  aiSpendCheck,
  hostHeaderCheck,
  pageSizeCheck,
  platformHostCheck,
  accountsCheck,
  fetchMetadataCheck,
  storedXssCheck,
  stallCheck,
  importsCheck,
  analyticsCheck,
  limitsCheck,
];

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const value = args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
  const parsed = value === undefined ? fallback : Number(value);
  if (!Number.isSafeInteger(parsed) || parsed < 0) {
    console.error(`--${name} must be a whole number`);
    process.exit(2);
  }
  return parsed;
};
const options: CheckOptions = {
  seed: option("seed", Number(process.env.SECURITY_SEED ?? 20260909)),
  runs: option("runs", Number(process.env.SECURITY_FUZZ_RUNS ?? 3000)),
};
const wanted = args.filter((arg) => !arg.startsWith("--"));
const unknown = wanted.filter((name) => !checks.some((check) => check.name.startsWith(name)));
if (unknown.length > 0) {
  console.error(
    `unknown part: ${unknown.join(", ")}; parts: ${checks.map((c) => c.name).join(", ")}`,
  );
  process.exit(2);
}
const selected = wanted.length
  ? checks.filter((check) => wanted.some((name) => check.name.startsWith(name)))
  : checks;

// The app runs in this process: anything it throws outside a request is a crash, counted by the
// fuzz and failing the run, instead of ending it before the figures are printed.
process.on("uncaughtException", (error) => crashes.push(`uncaught: ${error.stack ?? error}`));
process.on("unhandledRejection", (error) =>
  crashes.push(`unhandled rejection: ${(error as Error)?.stack ?? error}`),
);

// Pages are rendered with the built Astro theme; build it when missing or stale, as vitest does.
await buildTheme();

let failed = false;
const print = (figure: Figure) => {
  console.log(`${figure.ok ? "ok  " : "FAIL"} ${figure.name}: ${figure.text}`);
  if (!figure.ok) for (const line of figure.details ?? []) console.log(`       ${line}`);
  if (!figure.ok) failed = true;
};
const started = Date.now();
for (const check of selected) {
  try {
    for (const figure of await check.run(options)) print(figure);
  } catch (error) {
    print({
      name: check.name,
      text: `could not run: ${(error as Error).stack ?? error}`,
      ok: false,
    });
  }
}
if (crashes.length > 0) {
  print({
    name: "process",
    text: `errors thrown outside any request ${crashes.length}`,
    ok: false,
    details: crashes.slice(0, 5),
  });
}
console.log(`${failed ? "FAILED" : "passed"} in ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(failed ? 1 : 0);
