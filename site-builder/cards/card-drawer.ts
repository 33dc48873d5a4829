import { type ChildProcess, fork } from "node:child_process";
import { getPriority, setPriority } from "node:os";
import { fileURLToPath } from "node:url";
import type { SocialCard } from "../theme/lib/cards.ts";
import type { CardOptions } from "./social-card.ts";

export type CardDrawer = {
  /** The card as a 1200×630 PNG, drawn by the drawer's process. */
  draw(card: SocialCard, options?: CardOptions): Promise<Uint8Array>;
  /** Whether the drawing process is up (it ends when idle). */
  readonly running: boolean;
  /** The drawing process's id while it is up. */
  readonly pid: number | undefined;
  /** Stops the process now; cards being drawn fail. */
  close(): Promise<void>;
};

type Job = { resolve: (png: Uint8Array) => void; reject: (error: Error) => void };

// `.js` when the server runs from its build (`dist/`, npm start), `.ts` from the sources.
const entry = fileURLToPath(
  new URL(
    import.meta.url.endsWith(".js") ? "./card-process.js" : "./card-process.ts",
    import.meta.url,
  ),
);

/**
 * Draws social cards in a child process, started for the first card and ended once `idleMs`
 * pass without one (decision 160). Satori (its WebAssembly layout and shaping engines) and resvg
 * leave a process that drew a few hundred cards over 100 MB larger, and neither a worker thread
 * nor the garbage collector gives that back; an ended process does, at once. Cards come in
 * bursts after the pages of a render are live, so starting the process (a few hundred ms) delays
 * no reader.
 *
 * The process runs at a lower scheduling priority (`niceness` above this one's, decision 250):
 * a card is extra for a page that is already live, so on a busy machine the server's requests
 * and the next blog's pages take the cores first, and cards use what is left.
 */
export function createCardDrawer({ idleMs = 2000, niceness = 10 } = {}): CardDrawer {
  let child: ChildProcess | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  const jobs = new Map<number, Job>();
  let nextId = 1;

  const failAll = (error: Error) => {
    for (const job of jobs.values()) job.reject(error);
    jobs.clear();
  };

  function start(): ChildProcess {
    // The same runtime flags as this process (npm start's: the stripped JavaScript, the heap).
    const drawer = fork(entry, { serialization: "advanced", stdio: "inherit" });
    if (drawer.pid !== undefined && niceness !== 0) {
      try {
        setPriority(drawer.pid, Math.min(19, getPriority() + niceness));
      } catch {
        // Not allowed here (a platform without priorities): cards are drawn at the same one.
      }
    }
    drawer.on("message", (message: { id: number; png?: Uint8Array; error?: string }) => {
      const job = jobs.get(message.id);
      if (!job) return;
      jobs.delete(message.id);
      if (message.error !== undefined) job.reject(new Error(message.error));
      else job.resolve(message.png as Uint8Array);
      if (jobs.size === 0) idle();
    });
    const gone = (error: Error) => {
      if (child !== drawer) return;
      child = undefined;
      clearTimeout(idleTimer);
      failAll(error);
    };
    drawer.on("error", gone);
    drawer.on("exit", (code, signal) =>
      gone(new Error(`The card drawer stopped (${signal ?? `exit code ${code}`})`)),
    );
    return drawer;
  }

  function idle() {
    // An idle drawer does not keep this process alive.
    child?.unref();
    child?.channel?.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      const drawer = child;
      child = undefined;
      drawer?.kill();
    }, idleMs);
    idleTimer.unref();
  }

  return {
    draw(card, options = {}) {
      clearTimeout(idleTimer);
      child ??= start();
      child.ref();
      child.channel?.ref();
      const id = nextId++;
      const drawer = child;
      return new Promise<Uint8Array>((resolve, reject) => {
        jobs.set(id, { resolve, reject });
        drawer.send({ id, card, options }, (error) => {
          if (!error) return;
          jobs.delete(id);
          reject(error);
        });
      });
    },
    get running() {
      return child !== undefined;
    },
    get pid() {
      return child?.pid;
    },
    async close() {
      clearTimeout(idleTimer);
      const drawer = child;
      child = undefined;
      failAll(new Error("The card drawer is closed"));
      if (drawer && drawer.exitCode === null) {
        const exited = new Promise((done) => drawer.once("exit", done));
        // An idle drawer is unreferenced: without this, a process with nothing else to do
        // would end before hearing that it stopped, leaving `close` unsettled.
        drawer.ref();
        drawer.kill();
        await exited;
      }
    },
  };
}
