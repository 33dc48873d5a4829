import { createCardDrawer } from "../../../site-builder/cards/card-drawer.ts";
import type { DrawCard } from "../../../site-builder/pipeline/site-assets.ts";
import { createSiteOutput, type SiteOutput } from "../../../site-builder/pipeline/site-output.ts";
import { loadTheme, type Theme } from "../../../site-builder/pipeline/theme.ts";
import { type Bus, maxMessageBytes } from "../../bus/bus.ts";
import type { Database } from "../../db/client.ts";
import type { Env } from "../../env.ts";
import { reservedLabelsOf } from "../../http/platform-hosts.ts";
import type { Logger } from "../../logger.ts";
import { storageFromEnv } from "../../storage.ts";
import { type CpuPool, createCpuPool, runCpu } from "../../workers/run.ts";
import { followAffiliateLink } from "../affiliate-links/clicks.ts";
import { createHitEndpoint } from "../analytics/hits.ts";
import { type Analytics, createAnalytics } from "../analytics/ingest.ts";
import { createMediaFiles } from "../media/files.ts";
import { mediaKey } from "../media/service.ts";
import { type CanonicalSettings, canonicalBaseOf, hostsOfBlog } from "../public-sites/hosts.ts";
import { createPageCache, type HostMap, type PageCache } from "../public-sites/page-cache.ts";
import {
  createPublishedIndexes,
  databaseIndexLoader,
  type PublishedIndexes,
} from "../public-sites/published-index.ts";
import { type BlogServer, createBlogServer, createHotPath } from "../public-sites/serve.ts";
import type { BlogChange, ContentEvents } from "./content-events.ts";
import { createRenderQueue, type RenderQueue } from "./render-queue.ts";
import {
  loadSnapshot,
  type SiteSnapshot,
  type SnapshotOptions,
  type SnapshotScope,
} from "./snapshot.ts";

/** Everything that turns saved content into what readers get: theme, render queue, output, serving. */
export type Publishing = {
  theme: Theme;
  output: SiteOutput;
  queue: RenderQueue;
  server: BlogServer;
  /** Every committed change readers could see becomes a (persisted) render job for its blog. */
  contentEvents: ContentEvents;
  /** The one cache in front of readers' pages (decision 359). */
  cache: PageCache;
  /** What each blog's addresses can name (kept in `cache`); dropped with every content change. */
  indexes: PublishedIndexes;
  /** Which blog a Host header serves (kept in `cache`); `clear` tells the other processes. */
  hostMap: HostMap;
  /** Answers readers' requests from the page cache before the app runs; false when it did not. */
  hotPath: ReturnType<typeof createHotPath>;
  loadSnapshot: (blogId: string, scope?: SnapshotScope) => Promise<SiteSnapshot | undefined>;
  canonical: CanonicalSettings;
  blogDomain: string;
  sanitize: (html: string) => string;
  /** Page views reported by the blogs' beacons (issue 18): buffered, flushed, rolled up. */
  analytics: Analytics;
};

export type PublishingDeps = {
  db: Database;
  env: Env;
  sanitize: (html: string) => string;
  logger?: Logger;
  theme?: Theme;
  clock?: () => Date;
  /**
   * The process's worker pool (decision 324): full renders' pages and the render's HTML work (sanitizing and linking post bodies), which then uses the platform's
   * sanitizer (api/content/sanitize.ts) whatever `sanitize` is. Without it, a pool of the
   * renders' own does the pages, and bodies are prepared with `sanitize` on this thread.
   */
  cpu?: CpuPool;
  /** Draws a social card (default: the card drawer's process; benches pass their own). */
  drawCard?: DrawCard;
  /** Counting of page views (default: one of its own on `db`). */
  analytics?: Analytics;
  /**
   * Tells the other processes of an installation what changed, and hears what they changed
   * (decision 193); without it, caches are this process's alone (the single-process set-up).
   */
  bus?: Bus;
  /**
   * Where a committed change's render runs: by default in this process's queue; with a shared
   * job queue, as a job any worker takes (decision 191).
   */
  requestRender?: (blogId: string) => void;
  /**
   * Queues a failed render's next try on the job queue, `delayMs` from now (decision 322);
   * without it a failed render waits for the blog's next change.
   */
  retryRender?: (blogId: string, delayMs: number) => Promise<void>;
  /**
   * Whether blogs take e-mail subscribers, so their pages show the subscribe form (decision
   * 375); default: when the server can send e-mail (SMTP_URL and SMTP_FROM).
   */
  subscribe?: boolean;
};

/** Characters of post HTML prepared on the request thread at most (decision 253). */
export const preparedHereChars = 16 * 1024;

export function canonicalSettings(env: Env): CanonicalSettings {
  const appOrigin = env.APP_ORIGIN ?? `http://localhost:${env.PORT}`;
  return {
    appOrigin,
    blogDomain: env.BLOG_DOMAIN,
    port: env.PORT,
    scheme: appOrigin.startsWith("https:") ? "https" : "http",
    reservedLabels: reservedLabelsOf(env),
  };
}

export async function createPublishing(deps: PublishingDeps): Promise<Publishing> {
  const theme = deps.theme ?? (await loadTheme());
  const output = createSiteOutput(deps.env.SITES_DIR, storageFromEnv(deps.env));
  const canonical = canonicalSettings(deps.env);
  const { cpu } = deps;
  const workers = cpu ?? createCpuPool();
  type Prepare = NonNullable<SnapshotOptions["preparePosts"]>;
  const loadWith = (preparePosts: Prepare | undefined) => (blogId: string, scope?: SnapshotScope) =>
    loadSnapshot(
      deps.db,
      blogId,
      {
        canonicalBaseOf: (blog) => canonicalBaseOf(blog, canonical),
        sanitize: deps.sanitize,
        preparePosts,
        subscribe: deps.subscribe ?? Boolean(deps.env.SMTP_URL && deps.env.SMTP_FROM),
      },
      scope,
    );
  // Bodies of a publish (a post or a few, up to `preparedHereChars` in all) are prepared on
  // this thread (decision 253): a millisecond or two, where the round trip to the CPU pool
  // waited for a turn of the event loop at each end, tens of milliseconds under load. Longer
  // ones go to the pool, so no request waits behind a long sanitize.
  let tasks: typeof import("../../workers/cpu-tasks.ts").cpuTasks | undefined;
  const load = loadWith(
    cpu &&
      (async (posts, autoLinks, blogLinkIds) => {
        const chars = posts.reduce((sum, post) => sum + post.content.length, 0);
        if (chars > preparedHereChars)
          return runCpu(cpu, "preparePosts", { posts, autoLinks, blogLinkIds });
        tasks ??= (await import("../../workers/cpu-tasks.ts")).cpuTasks;
        return tasks.preparePosts({ posts, autoLinks, blogLinkIds });
      }),
  );
  // A full render prepares its posts on the pool as background work, in batches beside its
  // pages: every core sanitizes. Single posts (a publish, a page on request) are prepared as above.
  const loadOnWorkers = loadWith(
    cpu &&
      ((posts, autoLinks, blogLinkIds) =>
        runCpu(cpu, "preparePosts", { posts, autoLinks, blogLinkIds }, { lane: "background" })),
  );
  // Cards are drawn in a process of their own that ends when idle (decisions 160, 324): a
  // thread that drew cards does not give satori's and resvg's memory back.
  const cards = deps.drawCard ? undefined : createCardDrawer();
  const queue = createRenderQueue({
    db: deps.db,
    theme,
    output,
    loadSnapshot: (blogId, scope) => (scope?.kind === "all" ? loadOnWorkers : load)(blogId, scope),
    hostsOf: ({ blog }) => hostsOfBlog(blog, deps.env.BLOG_DOMAIN, canonical.reservedLabels),
    clock: deps.clock,
    log: deps.logger,
    retryLater: deps.retryRender,
    workers,
    drawCard:
      deps.drawCard ??
      (async (card) => {
        // An uploaded logo is drawn from the blog's own library, read from storage.
        const { logoMedia } = card.look;
        const data = logoMedia
          ? await output.storage.get(mediaKey(logoMedia.blogId, logoMedia.file))
          : undefined;
        return (cards ?? createCardDrawer()).draw(
          card,
          data && logoMedia ? { logo: { data, type: logoMedia.type } } : {},
        );
      }),
  });
  const cache = createPageCache();
  const indexes = createPublishedIndexes(databaseIndexLoader(deps.db), cache);
  const shared = deps.bus
    ? shareThroughBus({ bus: deps.bus, cache, indexes, logger: deps.logger })
    : undefined;
  // A page enters the cache only as read from storage: a stored file's change drops it here
  // and, through the bus, in every other process.
  output.onChange((blogId, file) => {
    cache.dropFile(blogId, file);
    shared?.fileChanged(blogId, file);
  });
  const hostMap: HostMap = {
    remember: cache.hosts.remember,
    lookup: cache.hosts.lookup,
    clear() {
      cache.hosts.clear();
      shared?.hostsChanged();
    },
    get size() {
      return cache.hosts.size;
    },
  };
  const analytics =
    deps.analytics ?? createAnalytics({ db: deps.db, clock: deps.clock, logger: deps.logger });
  const server = createBlogServer({
    hits: createHitEndpoint(analytics),
    output,
    cache,
    theme,
    // A post page rendered on request needs that post only; other pages need the whole blog
    // (reusing the prepared post bodies of the live snapshot).
    loadSnapshot: (blogId, path) => {
      const post = /^\/post\/([^/]+)$/.exec(path);
      return post
        ? load(blogId, { kind: "post", slug: decodeURIComponent(post[1] as string) })
        : load(blogId, { kind: "all", previous: queue.liveSnapshot(blogId) });
    },
    loadPreview: (blogId, postId) => load(blogId, { kind: "preview", postId }),
    // No post has an empty slug: the blog, its categories and no posts.
    loadShell: (blogId) => load(blogId, { kind: "post", slug: "" }),
    index: indexes,
    serveMedia: createMediaFiles(deps.db, output.storage).send,
    followLink: (req, blog, linkId) =>
      followAffiliateLink(deps.db, {
        blogId: blog.id,
        linkId,
        postId: typeof req.query.p === "string" ? req.query.p : undefined,
        issueId: typeof req.query.i === "string" ? req.query.i : undefined,
        address: req.ip ?? req.socket.remoteAddress ?? "",
        headers: req.headers,
        now: (deps.clock ?? (() => new Date()))(),
      }),
  });
  return {
    theme,
    output,
    queue,
    server,
    contentEvents: {
      // Called after the commit of a change recorded in the outbox (withOutbox): what the
      // blog's addresses name has changed now, whatever the render does, so the index is
      // patched (or dropped) and the pages kept in memory go at once, and the queue runs the
      // blog's pending row.
      blogChanged: (blogId, change) => {
        indexes.changed(blogId, change.full ? undefined : change.postIds);
        shared?.contentChanged(blogId, change);
        if (deps.requestRender) deps.requestRender(blogId);
        else queue.dispatch(blogId);
      },
    },
    cache,
    indexes,
    hostMap,
    hotPath: createHotPath(cache, indexes),
    loadSnapshot: load,
    canonical,
    blogDomain: deps.env.BLOG_DOMAIN,
    sanitize: deps.sanitize,
    analytics,
  };
}

type ContentMessage = { blogId: string; postIds?: string[] };
type FilesMessage = { blogId: string; files?: string[] };

/**
 * Keeps the page caches of every process in step (decisions 193, 359): what this process
 * changes it drops at once and announces on the bus; what another process announces is
 * dropped here. After messages may have been lost (the bus was away) the cache is dropped
 * whole. A message lost without notice (the sender's connection down) is healed by the
 * cache's age bound: nothing is kept longer than `pageCacheTtlMs`.
 *
 * Files a render writes arrive one at a time: they are announced once per turn of the event
 * loop, per blog, not once per file.
 */
export function shareThroughBus(deps: {
  bus: Bus;
  cache: PageCache;
  indexes: PublishedIndexes;
  logger?: Logger;
}) {
  const { bus, cache, indexes, logger } = deps;
  const send = (channel: Parameters<Bus["publish"]>[0], message: object | string) =>
    bus
      .publish(channel, typeof message === "string" ? message : JSON.stringify(message))
      .catch((error: unknown) =>
        logger?.warn({ err: error, channel }, "other processes not told of a change"),
      );
  const fits = (message: object) =>
    Buffer.byteLength(JSON.stringify(message)) < maxMessageBytes - 200;

  bus.subscribe("host-map", (message) => {
    if (message === undefined) return cache.clear();
    cache.hosts.clear();
  });
  bus.subscribe("content", (message) => {
    if (message === undefined) return cache.clear();
    const { blogId, postIds } = JSON.parse(message) as ContentMessage;
    indexes.changed(blogId, postIds);
  });
  bus.subscribe("page-cache", (message) => {
    if (message === undefined) return cache.clear();
    const { blogId, files } = JSON.parse(message) as FilesMessage;
    if (!files) cache.dropFile(blogId);
    else for (const file of files) cache.dropFile(blogId, file);
  });

  const pendingFiles = new Map<string, Set<string> | "all">();
  let flushing = false;
  const flushFiles = () => {
    flushing = false;
    for (const [blogId, files] of pendingFiles) {
      const message: FilesMessage = files === "all" ? { blogId } : { blogId, files: [...files] };
      void send("page-cache", fits(message) ? message : { blogId });
    }
    pendingFiles.clear();
  };

  return {
    /** A committed change of the blog's content (this process dropped its entries already). */
    contentChanged(blogId: string, change: BlogChange) {
      const message: ContentMessage = change.full
        ? { blogId }
        : { blogId, postIds: change.postIds ? [...change.postIds] : undefined };
      void send("content", fits(message) ? message : { blogId });
    },
    /** A file of the blog's live build changed (or all of them: `file` undefined). */
    fileChanged(blogId: string, file?: string) {
      const pending = pendingFiles.get(blogId);
      if (file === undefined) pendingFiles.set(blogId, "all");
      else if (pending === undefined) pendingFiles.set(blogId, new Set([file]));
      else if (pending !== "all") pending.add(file);
      if (!flushing) {
        flushing = true;
        setImmediate(flushFiles);
      }
    },
    /** The hosts of some blog changed (this process forgot its hosts already). */
    hostsChanged() {
      void send("host-map", "");
    },
  };
}
