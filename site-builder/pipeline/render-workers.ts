import { availableParallelism } from "node:os";
import { type ResourceLimits, Worker } from "node:worker_threads";
import type { CardOptions } from "../cards/social-card.ts";
import type { SocialCard } from "../theme/lib/cards.ts";
import { postsInFeeds } from "../theme/lib/feeds.ts";
import type { Site, ThemePost } from "../theme/lib/site.ts";
import { paths } from "../theme/lib/urls.ts";
import type { PageRequest, RenderedFile, WorkerAnswer, WorkerRequest } from "./render-worker.ts";
import { themeEntry as defaultThemeEntry } from "./theme.ts";

/**
 * Worker threads that render a full render's pages and draw its social cards, one per core
 * (decision 150). They start when a render first needs them — `warm()` lets a caller start them
 * while it still reads the blog's data, so they load the theme meanwhile — and exit once idle
 * for `idleMs`: an idle server holds no thread, no theme copy and no site.
 */
export type RenderWorkers = {
  /** Starts the threads now (they load the theme), if they are not running. */
  warm: () => void;
  /**
   * A site the threads render pages of: sent to a thread once, with its first batch, and
   * dropped from every thread by `release`.
   */
  site: (site: Site) => WorkerSite;
  /**
   * Runs one of the caller's tasks (`tasksModule`) on a thread: plain data in and out. The API
   * prepares post bodies this way, so a full render's sanitizing uses every core too.
   */
  run: (name: string, input: unknown) => Promise<unknown>;
  /** Draws a social card on a thread (PNG bytes). */
  drawCard: (card: SocialCard, options?: CardOptions) => Promise<Uint8Array>;
  /** Threads running now (for tests and figures). */
  running: () => number;
  close: () => Promise<void>;
};

export type WorkerSite = {
  /** Renders the pages on a thread, in order; each page as its file name, status and bytes. */
  render: (pages: PageRequest[]) => Promise<RenderedFile[]>;
  release: () => void;
};

export type RenderWorkersOptions = {
  /** Threads at most (default: one per core). */
  size?: number;
  /** A thread with nothing to do this long exits (default 10 s: a publish or two in a row reuse it). */
  idleMs?: number;
  /** The built theme's server entry (default: site-builder/dist). */
  themeEntry?: string;
  /**
   * A module exporting `tasks`, functions of plain data the caller runs with `run` (the
   * library knows nothing of them: the API hands its own in).
   */
  tasksModule?: URL;
  /**
   * V8 limits of each thread. A render's garbage is short-lived: a young generation of 8 MB
   * keeps each thread small (16 MB cost ~35 MB more at the peak for the same CPU time), and the old generation is capped so a runaway render
   * fails alone instead of taking the server's memory.
   */
  resourceLimits?: ResourceLimits;
};

const cardsAtOnce = 4;

/**
 * A site as the threads get it: every post's body but those the feeds show is left out of the
 * copy each thread is sent once, and travels with its post's page instead. Each thread then
 * holds the bodies of the pages it renders, not all of them (a 1,000-post blog: ~8 MB of HTML
 * per thread, serialized and copied once per thread), and the site reaches the threads sooner.
 */
type SentSite = {
  withoutBodies: () => Site;
  bodiesFor: (pages: PageRequest[]) => [postId: string, html: string][];
};

function sentSite(site: Site): SentSite {
  let kept: Set<ThemePost> | undefined;
  const keptBodies = () => {
    kept ??= postsInFeeds(site);
    return kept;
  };
  let byPath: Map<string, ThemePost> | undefined;
  return {
    withoutBodies() {
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
      return {
        ...site,
        posts: site.posts.map(copyOf),
        postsBySlug: new Map([...site.postsBySlug].map(([slug, post]) => [slug, copyOf(post)])),
        postsById: new Map([...site.postsById].map(([id, post]) => [id, copyOf(post)])),
      };
    },
    bodiesFor(pages) {
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

const defaultLimits: ResourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 };

type Task = {
  id: number;
  request: WorkerRequest & { id: number };
  siteId?: number;
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
};

type Thread = {
  worker: Worker;
  /** Tasks sent and not answered yet (one at a time, but for a few cards at once). */
  tasks: Map<number, Task>;
  sites: Set<number>;
  /** Draws the cards: one thread only, so one copy of satori's fonts and libvips is loaded. */
  cards: boolean;
  idleTimer: NodeJS.Timeout | undefined;
};

export function createRenderWorkers(options: RenderWorkersOptions = {}): RenderWorkers {
  const size = Math.max(1, options.size ?? availableParallelism());
  const idleMs = options.idleMs ?? 10_000;
  const entry = options.themeEntry ?? defaultThemeEntry;
  const limits = options.resourceLimits ?? defaultLimits;
  const threads: Thread[] = [];
  const queue: Task[] = [];
  const sites = new Map<number, SentSite>();
  let nextId = 1;
  let closed = false;

  function start(): Thread {
    const worker = new Worker(new URL("./render-worker.ts", import.meta.url), {
      workerData: { themeEntry: entry, tasksModule: options.tasksModule?.href },
      resourceLimits: limits,
    });
    const thread: Thread = {
      worker,
      tasks: new Map(),
      sites: new Set(),
      cards: false,
      idleTimer: undefined,
    };
    worker.unref();
    worker.on("message", (answer: WorkerAnswer) => {
      const task = thread.tasks.get(answer.id);
      if (!task) return;
      thread.tasks.delete(answer.id);
      if ("error" in answer) task.reject(new Error(answer.error));
      else task.resolve(answer);
      dispatch();
    });
    const fail = (error: Error) => {
      const index = threads.indexOf(thread);
      if (index === -1) return;
      threads.splice(index, 1);
      clearTimeout(thread.idleTimer);
      for (const task of thread.tasks.values()) task.reject(error);
      thread.tasks.clear();
      dispatch();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`A render worker stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  }

  function idle(thread: Thread) {
    // An idle thread does not keep the process alive, and leaves after a while.
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (thread.tasks.size > 0) return;
      threads.splice(threads.indexOf(thread), 1);
      void thread.worker.terminate();
    }, idleMs);
    thread.idleTimer.unref();
  }

  function send(thread: Thread, task: Task) {
    clearTimeout(thread.idleTimer);
    thread.tasks.set(task.id, task);
    thread.worker.ref();
    const { siteId } = task;
    if (siteId !== undefined && !thread.sites.has(siteId)) {
      const site = sites.get(siteId);
      if (!site) {
        thread.tasks.delete(task.id);
        task.reject(new Error("The site was released before its pages were rendered"));
        return;
      }
      thread.worker.postMessage({
        kind: "site",
        siteId,
        site: site.withoutBodies(),
      } satisfies WorkerRequest);
      thread.sites.add(siteId);
    }
    thread.worker.postMessage(task.request);
  }

  /** The thread for a task, if one can take it now. */
  function threadFor(task: Task): Thread | undefined {
    const free = threads.filter((t) => t.tasks.size === 0);
    if (task.request.kind === "card") {
      // Cards go to the card thread (each thread drawing them would load the fonts again), a
      // few at once: it lays one out while others rasterize and encode on libuv's pool.
      const drawer = threads.find((t) => t.cards);
      if (drawer) return drawer.tasks.size < cardsAtOnce ? drawer : undefined;
      const thread = free[0] ?? (threads.length < size ? start() : undefined);
      if (thread) thread.cards = true;
      return thread;
    }
    // A thread that already holds the task's site saves sending it again; a running thread
    // (theme loaded) beats a new one.
    return (
      free.find((t) => task.siteId !== undefined && t.sites.has(task.siteId)) ??
      free[0] ??
      (threads.length < size ? start() : undefined)
    );
  }

  function dispatch(): void {
    for (let i = 0; i < queue.length && !closed; ) {
      const task = queue[i] as Task;
      const thread = threadFor(task);
      if (!thread) {
        i++;
        continue;
      }
      queue.splice(i, 1);
      send(thread, task);
    }
    for (const thread of threads) if (thread.tasks.size === 0) idle(thread);
  }

  function run(request: WorkerRequest & { id: number }, siteId?: number): Promise<WorkerAnswer> {
    if (closed) return Promise.reject(new Error("The render workers are closed"));
    return new Promise((resolve, reject) => {
      queue.push({ id: request.id, request, siteId, resolve, reject });
      dispatch();
    });
  }

  return {
    warm() {
      while (!closed && threads.length < size) idle(start());
      for (const thread of threads)
        thread.worker.postMessage({ kind: "warm" } satisfies WorkerRequest);
    },

    site(site) {
      const siteId = nextId++;
      const sent = sentSite(site);
      sites.set(siteId, sent);
      return {
        async render(pages) {
          const id = nextId++;
          const bodies = sent.bodiesFor(pages);
          const answer = await run({ kind: "pages", id, siteId, pages, bodies }, siteId);
          return "pages" in answer ? answer.pages : [];
        },
        release() {
          sites.delete(siteId);
          for (const thread of threads) {
            if (!thread.sites.delete(siteId)) continue;
            thread.worker.postMessage({ kind: "drop", siteId } satisfies WorkerRequest);
          }
        },
      };
    },

    async run(name, input) {
      const id = nextId++;
      const answer = await run({ kind: "task", id, name, input });
      if (!("result" in answer))
        throw new Error(`A render worker answered ${name} without a result`);
      return answer.result;
    },

    async drawCard(card, cardOptions = {}) {
      const id = nextId++;
      const answer = await run({ kind: "card", id, card, options: cardOptions });
      if (!("card" in answer)) throw new Error("A render worker answered without the card");
      return answer.card;
    },

    running: () => threads.length,

    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("The render workers are closed"));
      const stopping = threads.splice(0);
      for (const thread of stopping) clearTimeout(thread.idleTimer);
      await Promise.all(stopping.map((thread) => thread.worker.terminate()));
      for (const thread of stopping)
        for (const task of thread.tasks.values())
          task.reject(new Error("The render workers are closed"));
    },
  };
}
