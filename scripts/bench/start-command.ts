import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

/** A port on 127.0.0.1 free now, for a server a bench starts. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await new Promise((done) => server.once("listening", done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (typeof address !== "object" || !address) throw new Error("no free port");
  return address.port;
}

/**
 * `npm start`'s command as package.json writes it, for benches that run the server (or its
 * renders) the way it runs: `NAME=value` assignments first (the environment, e.g.
 * MALLOC_ARENA_MAX: decision 204), then `node`, Node's flags and the script.
 */
export type StartCommand = { env: Record<string, string>; flags: string[]; script: string };

export function parseStartCommand(command: string): StartCommand {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  let word = words.shift();
  while (word !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
    const at = word.indexOf("=");
    env[word.slice(0, at)] = word.slice(at + 1);
    word = words.shift();
  }
  const script = words.pop();
  if (word !== "node" || script === undefined || script.startsWith("-")) {
    throw new Error(`the start command is not "[NAME=value …] node [flags …] script": ${command}`);
  }
  return { env, flags: words, script };
}

/**
 * The environment of the production server a bench starts on loopback with `start`: its
 * database (file `database`) and its sites in `dir`; `env` adds the bench's own settings.
 */
export function benchServerEnv(
  start: StartCommand,
  port: number,
  dir: string,
  database: string,
  env: Record<string, string>,
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...start.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `file:${join(dir, database)}`,
    SITES_DIR: join(dir, "sites"),
    ...env,
  };
}

/** package.json's `start` in the checkout at `root`. */
export function startCommand(root: string): StartCommand {
  const { scripts } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  return parseStartCommand(scripts.start ?? "");
}
