import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

it("leaves child_process unloaded in worker threads started with npm start's flags (decision 241)", () => {
  const dir = mkdtempSync(join(tmpdir(), "blogfleet-compiled-ts-"));
  try {
    const loaded = (name: string) => `process.moduleLoadList.some((m) => m.endsWith(" ${name}"))`;
    writeFileSync(
      join(dir, "thread.mjs"),
      `import { parentPort } from "node:worker_threads";
       parentPort.postMessage({ childProcess: ${loaded("child_process")}, crypto: ${loaded("crypto")} });`,
    );
    writeFileSync(
      join(dir, "main.mjs"),
      `import { Worker } from "node:worker_threads";
       new Worker(new URL("./thread.mjs", import.meta.url)).on("message", (m) => console.log(JSON.stringify(m)));`,
    );
    const out = execFileSync(
      process.execPath,
      ["--import", resolve("scripts/compiled-ts.mjs"), join(dir, "main.mjs")],
      { encoding: "utf8" },
    );
    const thread = JSON.parse(out.trim().split("\n").pop() as string);
    // The check can fail: the thread did run the flag's module (it hashes with node:crypto).
    expect(thread.crypto).toBe(true);
    expect(thread.childProcess).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe("the stripped copies, checked at start by time (decision 241)", () => {
  /** A project of one module, run with its own copy of compiled-ts.mjs. */
  const project = () => {
    const root = mkdtempSync(join(tmpdir(), "blogfleet-compiled-ts-"));
    mkdirSync(join(root, "scripts"));
    mkdirSync(join(root, "api"));
    copyFileSync(resolve("scripts/compiled-ts.mjs"), join(root, "scripts", "compiled-ts.mjs"));
    const source = join(root, "api", "answer.ts");
    const copy = join(root, ".cache", "compiled-ts", "api", "answer.ts.js");
    const run = () =>
      execFileSync(
        process.execPath,
        ["--disable-warning=ExperimentalWarning", "--import", "./scripts/compiled-ts.mjs", source],
        { cwd: root, encoding: "utf8" },
      ).trim();
    return { root, source, copy, run };
  };
  const setTime = (file: string, seconds: number) => utimesSync(file, seconds, seconds);

  it("strips a changed module again, and only renews the time of a module merely touched", () => {
    const { root, source, copy, run } = project();
    try {
      writeFileSync(source, "const answer: number = 41;\nconsole.log(answer);\n");
      expect(run()).toBe("41");
      expect(readFileSync(copy, "utf8")).toContain("const answer         = 41;");
      // Changed after its copy was made: a new copy.
      writeFileSync(source, "const answer: number = 42;\nconsole.log(answer);\n");
      setTime(copy, 1_000);
      setTime(source, 2_000);
      expect(run()).toBe("42");
      expect(readFileSync(copy, "utf8")).toContain("= 42;");
      // Touched only: the copy stays as it was, with a time that no longer asks for a check.
      const before = readFileSync(copy, "utf8");
      setTime(copy, 1_000);
      setTime(source, 3_000);
      expect(run()).toBe("42");
      expect(readFileSync(copy, "utf8")).toBe(before);
      expect(statSync(copy).mtimeMs).toBeGreaterThan(statSync(source).mtimeMs);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("never runs a copy made from other content, even one newer than its module", () => {
    const { root, source, copy, run } = project();
    try {
      writeFileSync(source, "console.log('first');\n");
      expect(run()).toBe("first");
      // Put back with an older time than its copy: the check by time misses it…
      writeFileSync(source, "console.log('second');\n");
      setTime(source, 1_000);
      setTime(copy, 2_000);
      // …and the load hook, which compares hashes, leaves it to Node.
      expect(run()).toBe("second");
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
