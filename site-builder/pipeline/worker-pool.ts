import { availableParallelism } from "node:os";
import { serialize } from "node:v8";
import type { ResourceLimits } from "node:worker_threads";
import { Piscina, type TaskQueue } from "piscina";
import { postsInFeeds } from "../theme/lib/feeds.ts";
import type { Site, ThemePost } from "../theme/lib/site.ts";
import { paths } from "../theme/lib/urls.ts";
import type { PageRequest, PagesInput, RenderedFile } from "./pool-tasks.ts";
import { themeEntry as defaultThemeEntry } from "./theme.ts";

/**
 * The one pool of worker threads for CPU-heavy work (decision 324), on piscina: a full
 * render's pages (this library's task) and the caller's own tasks (the API's sanitizing,
 * fingerprints and import parsing), each a named export of a module. Threads start with work
 * and exit after `idleMs` without any: an idle server holds no thread, no theme copy and no
 * site. Social cards are not drawn here but in a process of their own (cards/card-drawer.ts):
 * what satori and resvg allocate on a thread stays in the process after the thread ends.
 */
export type WorkerPool = {
  /**
   * Runs `name`, a function of plain data exported by `module`, on a thread. `transfer`:
   * buffers of `input` handed over instead of copied (unusable here after). `lane: "now"`
   * (default) is for work someone waits for (a request); it goes before queued `"background"`
   * work (a render's batches, an import).
   */
  run: <T>(module: URL, name: string, input: unknown, options?: RunOptions) => Promise<T>;
  /** Starts threads (they load the theme) while a full render still reads its blog. */
  warm: () => void;
  /** A site whose pages the threads render (sent to each thread once, decoded once there). */
  site: (site: Site) => WorkerSite;
  /** Threads running now (for tests and figures). */
  running: () => number;
  /** Tasks waiting for a thread. */
  queued: () => number;
  close: () => Promise<void>;
};

export type RunOptions = { transfer?: ArrayBuffer[]; lane?: Lane };
type Lane = "now" | "background";

export type WorkerSite = {
  /** Renders the pages on a thread, in order; each page as its file name, status and bytes. */
  render: (pages: PageRequest[]) => Promise<RenderedFile[]>;
  /** Lets go of the site here (threads drop it once newer sites come, or when they exit). */
  release: () => void;
};

export type WorkerPoolOptions = {
  /**
   * Threads at most (default: one less than the cores, at least one). The process's own thread
   * has work in every render too (it reads the blog, writes each batch's files and answers
   * requests meanwhile): on two cores a render with one thread beside it was faster than with
   * two (decision 324).
   */
  size?: number;
  /** A thread with nothing to do this long exits (default 10 s: a publish or two in a row reuse it). */
  idleMs?: number;
  /** The built theme's server entry (default: site-builder/dist). */
  themeEntry?: string;
  /**
   * Scheduling priority below this thread's (default 5): the process's main thread answers
   * requests and renders publishes; what the pool mostly does (a full render, an import) is
   * work nobody watches page by page, so on a busy machine it takes the cores that are left.
   */
  niceIncrement?: number;
  /**
   * V8 limits of each thread. A render's garbage is short-lived: a young generation of 8 MB
   * keeps each thread small (16 MB cost ~35 MB more at the peak for the same CPU time); the old
   * generation is capped so a runaway task fails alone instead of taking the server's memory
   * (an import's parse of a 100 MB upload is the largest legitimate one).
   */
  resourceLimits?: ResourceLimits;
};

const defaultLimits: ResourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 1024 };

// `.js` when the server runs from its build (`dist/`, npm start), `.ts` from the sources.
const tasksModule = new URL(
  import.meta.url.endsWith(".js") ? "./pool-tasks.js" : "./pool-tasks.ts",
  import.meta.url,
);

/**
 * Two first-in-first-out lanes: a task someone waits for is taken before queued background
 * work, so a request's sanitize waits for a thread to finish its current batch, never for a
 * whole render's queue.
 */
class LaneQueue implements TaskQueue {
  readonly #now: Task[] = [];
  readonly #background: Task[] = [];
  get size() {
    return this.#now.length + this.#background.length;
  }
  push(task: Task) {
    (laneOf(task) === "background" ? this.#background : this.#now).push(task);
  }
  /** A task taken but not placed on a thread goes back to the front of its lane. */
  unshift(task: Task) {
    (laneOf(task) === "background" ? this.#background : this.#now).unshift(task);
  }
  shift() {
    return this.#now.shift() ?? this.#background.shift() ?? null;
  }
  remove(task: Task) {
    for (const lane of [this.#now, this.#background]) {
      const index = lane.indexOf(task);
      if (index !== -1) lane.splice(index, 1);
    }
  }
}
type Task = Parameters<TaskQueue["push"]>[0];
/** Piscina wraps each submitted value; its queue options are ours, `{ lane }`. */
const laneOf = (task: Task): Lane =>
  (task[Piscina.queueOptionsSymbol as keyof Task] as { lane?: Lane } | null)?.lane ?? "now";

/**
 * The task as piscina takes it: the input (always an object) with the lane for the queue under
 * piscina's symbol, which a thread never sees (symbol keys are not copied).
 */
const withLane = (input: unknown, lane: Lane) => ({
  ...(input as object),
  [Piscina.queueOptionsSymbol]: { lane },
});

let nextSiteId = 1;

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const size = Math.max(1, options.size ?? availableParallelism() - 1);
  const themeEntry = options.themeEntry ?? defaultThemeEntry;
  const piscina = new Piscina({
    minThreads: 0,
    maxThreads: size,
    idleTimeout: options.idleMs ?? 10_000,
    niceIncrement: options.niceIncrement ?? 5,
    resourceLimits: options.resourceLimits ?? defaultLimits,
    taskQueue: new LaneQueue(),
    stricterFIFO: true,
    // The tasks' own `await`s (the theme's, an import's unzip) must run between tasks too.
    atomics: "async",
  });
  let closed = false;

  async function run<T>(module: URL, name: string, input: unknown, runOptions: RunOptions = {}) {
    if (closed) throw new Error("The worker pool is closed");
    try {
      return (await piscina.run(withLane(input, runOptions.lane ?? "now"), {
        filename: module.href,
        name,
        transferList: runOptions.transfer,
      })) as T;
    } catch (error) {
      // Queued or running when the pool closed: said in plain words, not piscina's.
      if (closed) throw new Error("The worker pool is closed");
      throw error;
    }
  }

  return {
    run,

    warm() {
      // One task per missing thread: each loads the theme, so piscina starts a thread for each.
      for (let i = piscina.threads.length; i < size && !closed; i++)
        void run(tasksModule, "warm", { themeEntry }, { lane: "background" }).catch(() => {
          // Reported with the first batch of pages that needs the theme.
        });
    },

    site(site) {
      const id = nextSiteId++;
      const sent = sentSite(site);
      let shared: SharedArrayBuffer | undefined;
      return {
        async render(pages) {
          // Serialized once, shared by every thread (no copy per thread or per batch).
          shared ??= sent.shared();
          const input: PagesInput = {
            themeEntry,
            site: { id, bytes: shared },
            pages,
            bodies: sent.bodiesFor(pages),
          };
          return run<RenderedFile[]>(tasksModule, "renderPages", input, { lane: "background" });
        },
        release() {
          shared = undefined;
        },
      };
    },

    running: () => piscina.threads.length,
    queued: () => piscina.queueSize,

    async close() {
      if (closed) return;
      closed = true;
      await piscina.destroy();
    },
  };
}

/**
 * A site as the threads get it: every post's body but those the feeds show is left out of the
 * copy the threads decode, and travels with its post's page instead. Each thread then holds
 * the bodies of the pages it renders, not all of them (a 1,000-post blog: ~8 MB of HTML).
 */
function sentSite(site: Site) {
  let kept: Set<ThemePost> | undefined;
  const keptBodies = () => {
    kept ??= postsInFeeds(site);
    return kept;
  };
  let byPath: Map<string, ThemePost> | undefined;
  return {
    shared(): SharedArrayBuffer {
      const inFeeds = keptBodies();
      const copies = new Map<ThemePost, ThemePost>();
      const copyOf = (post: ThemePost): ThemePost => {
        let copy = copies.get(post);
        if (!copy) {
          if (inFeeds.has(post)) copy = post;
          else {
            const { html: _left, ...rest } = post;
            copy = rest as ThemePost;
          }
          copies.set(post, copy);
        }
        return copy;
      };
      const bytes = serialize({
        ...site,
        posts: site.posts.map(copyOf),
        postsBySlug: new Map([...site.postsBySlug].map(([slug, post]) => [slug, copyOf(post)])),
        postsById: new Map([...site.postsById].map(([id, post]) => [id, copyOf(post)])),
      } satisfies Site);
      const shared = new SharedArrayBuffer(bytes.byteLength);
      new Uint8Array(shared).set(bytes);
      return shared;
    },
    bodiesFor(pages: PageRequest[]): [postId: string, html: string][] {
      byPath ??= new Map(site.posts.map((post) => [paths.post(post.slug), post]));
      const inFeeds = keptBodies();
      const bodies: [string, string][] = [];
      for (const page of pages) {
        const post = byPath.get(page.path);
        if (post && !inFeeds.has(post)) bodies.push([post.id, post.html]);
      }
      return bodies;
    },
  };
}
