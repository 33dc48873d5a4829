import { type ChildProcess, spawn } from "node:child_process";

/**
 * A worker fixture as a process of its own (kill tests send it SIGKILL), on the database its
 * environment names rather than the one the test run chose; its stdout is piped for `saidBy`.
 */
export function spawnWorker(file: string, env: Record<string, string>): ChildProcess {
  const { TEST_DATABASE: _dialect, ...parent } = process.env;
  return spawn(process.execPath, [file], {
    env: { ...parent, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
}

/** Resolves with the first line of the child's output equal to `line`. */
export const saidBy = (child: ChildProcess, line: string) =>
  new Promise<void>((resolve, reject) => {
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString("utf8");
      if (buffered.split("\n").includes(line)) resolve();
    });
    child.once("exit", (code) => reject(new Error(`worker exited (${code}) before "${line}"`)));
  });
