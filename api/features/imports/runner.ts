import { and, asc, count, eq, inArray } from "drizzle-orm";
import {
  addToReport,
  type ImportReport,
  pageSkipReason,
  reportListLimit,
} from "../../../contracts/imports.ts";
import { limits } from "../../../contracts/limits.ts";
import { isSameSitePath } from "../../../contracts/redirects.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { Database, Queryable } from "../../db/client.ts";
import { first } from "../../db/query.ts";
import {
  affiliateLinks,
  blogRedirects,
  blogs,
  importedItems,
  importJobs,
  media,
  posts as postsTable,
} from "../../db/schema.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Logger } from "../../logger.ts";
import { type CpuPool, runCpu } from "../../workers/run.ts";
import { checkExportedMedia, restoreMedia } from "../media/restore.ts";
import { insertImportedPost } from "../posts/commands/insert-imported-post.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { type RecordChange, withOutbox } from "../publishing/outbox.ts";
import { categoryArchiveRedirects, ensureCategories } from "./categories.ts";
import { imageUrlsOf } from "./clean-content.ts";
import type { ParsedImport } from "./parse.ts";
import { dropUpload, type ImageImporter, type ImportPayload, noMediaLibrary } from "./service.ts";
import { pathOfOldUrl, type SourceItem } from "./source.ts";

type JobRow = typeof importJobs.$inferSelect;

export type ImportRunnerDeps = {
  db: Database;
  contentEvents: ContentEvents;
  /** Where uploads wait for their job, and where a Blogfleet export's images go. */
  storage: Storage;
  images?: ImageImporter;
  /**
   * The process's worker pool: an upload is unpacked, parsed and checked there, as background
   * work that requests' tasks go before (decision 324). Without it, on this thread.
   */
  cpu?: CpuPool;
  /** Unpacks, parses and checks an upload (default: `parseImportFile` on `cpu`). */
  parse?: (file: Uint8Array) => Promise<ParsedImport>;
  clock?: () => Date;
  logger?: Logger;
};

/** The queue's name for the job of one import; its key is the import's id. */
export const importJobName = "import";

/**
 * Queues the job of a stored import. The key lets one job of an import wait and one run, so
 * queueing it again while its job waits adds nothing, and two workers never run it at once.
 */
export const enqueueImport = (queue: JobQueue, importId: string) =>
  queue.enqueue(importJobName, { importId }, { key: importId });

/** What the routes need: the job of an import whose row is stored is queued. */
export type ImportQueue = { enqueue: (importId: string) => Promise<void> };

/**
 * Runs imports as jobs of the queue (decision 320), each item by item: each item's post,
 * redirects, its idempotency row and the import's progress are written in one transaction, so
 * a job run again (its worker died, or the process stopped) goes on after the last item
 * written and never writes one twice (decision 144).
 */
export function createImportRunner(deps: ImportRunnerDeps) {
  const images = deps.images ?? noMediaLibrary;
  const parse =
    deps.parse ??
    ((file: Uint8Array) => {
      // The bytes go to the thread as they are (transferred, not copied).
      const copy = new Uint8Array(file);
      return runCpu(
        deps.cpu,
        "parseImport",
        { file: copy },
        { transfer: [copy.buffer as ArrayBuffer], lane: "background" },
      );
    });
  const now = deps.clock ?? (() => new Date());
  const running = new Set<Promise<void>>();
  let stopped = false;

  /** An import that has not ended: queued, or running (here, elsewhere, or left by a stop). */
  const isUnfinished = () => inArray(importJobs.status, ["queued", "running"]);
  const unfinishedImport = (importId: string) =>
    first(
      deps.db
        .select()
        .from(importJobs)
        .where(and(eq(importJobs.id, importId), isUnfinished())),
    );

  async function runImport(importId: string) {
    const job = await unfinishedImport(importId);
    // Ended (done, failed, cancelled) or gone with its blog: nothing is left to do.
    if (!job) return;
    try {
      await runJob(deps, images, parse, now, job, () => stopped);
    } catch (error) {
      deps.logger?.error({ err: error, importId: job.id }, "import failed");
      await deps.db
        .update(importJobs)
        .set({
          status: "failed",
          error: error instanceof Error ? error.message.slice(0, 500) : "The import failed.",
          currentItem: null,
          finishedAt: now(),
        })
        .where(and(eq(importJobs.id, job.id), isUnfinished()));
      await dropPayload(deps, job);
      return;
    }
    // Stopped between two items: this try of the job fails, and the next goes on from there.
    if (stopped && (await unfinishedImport(job.id)))
      throw new Error("The process stopped during the import; it goes on at the job's next try.");
  }

  /** The job's handler: runs one import, from after the last item written. */
  async function run(importId: string): Promise<void> {
    if (stopped) throw new Error("The import runner has stopped; the job runs at its next try.");
    const work = runImport(importId);
    running.add(work);
    try {
      await work;
    } finally {
      running.delete(work);
    }
  }

  return {
    run,
    /**
     * Works imports on `queue` in this process (a worker, or a process of role `all`), and
     * queues again every import left queued or running: one whose job was never queued (its
     * process stopped in between) runs now; one whose job still waits gets no second job, and
     * one running on another worker a job that finds it ended.
     */
    async work(queue: JobQueue): Promise<void> {
      // One at a time: an import holds its parsed file in memory and writes steadily.
      await queue.work(importJobName, (data) => run(String(data.importId)), { concurrency: 1 });
      const left = await deps.db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(isUnfinished())
        .orderBy(asc(importJobs.createdAt));
      for (const { id } of left) await enqueueImport(queue, id);
    },
    /** Starts no import and waits for those running here to stop between two items. */
    async stop() {
      stopped = true;
      await Promise.allSettled([...running]);
    },
  };
}
export type ImportRunner = ReturnType<typeof createImportRunner>;

/** The blog's library images with these content hashes, by hash. */
async function mediaIdsByHash(tx: Queryable, blogId: string, hashes: string[]) {
  const rows = await tx
    .select({ id: media.id, hash: media.hash })
    .from(media)
    .where(and(eq(media.blogId, blogId), inArray(media.hash, hashes)));
  return new Map(rows.map((r) => [r.hash, r.id]));
}

async function saveProgress(tx: Queryable, jobId: string, changes: Partial<JobRow>) {
  await tx.update(importJobs).set(changes).where(eq(importJobs.id, jobId));
}

/** Images the post names, fetched into the media library; the body points at the copies. */
async function importImages(
  images: ImageImporter,
  blogId: string,
  item: SourceItem,
  html: string,
  report: ImportReport,
): Promise<string> {
  let out = html;
  for (const url of imageUrlsOf(html)) {
    let result: { url: string } | { error: string };
    try {
      result = await images(blogId, url);
    } catch (error) {
      result = { error: error instanceof Error ? error.message : "could not be fetched" };
    }
    if ("url" in result) out = out.split(url).join(result.url);
    else addToReport(report, "imagesMissing", { post: item.title, url, reason: result.error });
  }
  return out;
}

/**
 * Puts `report` back as it is now: called first in a transaction's callback, which PostgreSQL
 * may run again after a serialization failure (decision 180), so a retry counts nothing twice.
 */
function reportRestorer(report: ImportReport): () => void {
  const saved = structuredClone(report);
  return () => Object.assign(report, structuredClone(saved));
}

/**
 * The job's upload, parsed and checked (again after a restart: parsing is deterministic, so
 * the items are the same and `done` still counts them). A Blogfleet export's library is
 * checked and stored on the first run, within the blog's quota.
 */
async function loadSource(
  deps: ImportRunnerDeps,
  parse: (file: Uint8Array) => Promise<ParsedImport>,
  job: JobRow,
  firstRun: boolean,
): Promise<ParsedImport> {
  const { upload } = job.payload as ImportPayload;
  const file = upload ? await deps.storage.get(upload) : undefined;
  if (!file) throw new Error("The uploaded file is no longer stored; upload it again.");
  const parsed = await parse(file);
  const images = parsed.media ?? [];
  if (firstRun && images.length > 0) {
    const fileOf = (name: string) => parsed.mediaFiles?.get(name);
    await checkExportedMedia(images, fileOf);
    await restoreMedia(deps.db, deps.storage, job.blogId, images, fileOf);
  }
  return parsed;
}

async function runJob(
  deps: ImportRunnerDeps,
  images: ImageImporter,
  parse: (file: Uint8Array) => Promise<ParsedImport>,
  now: () => Date,
  job: JobRow,
  stopped: () => boolean,
) {
  const { db } = deps;
  const report = job.report as ImportReport;
  const blog = await first(db.select().from(blogs).where(eq(blogs.id, job.blogId)));
  if (!blog) return;
  const firstRun = job.status === "queued";
  const {
    refused,
    media: _media,
    mediaFiles: _files,
    ...source
  } = await loadSource(deps, parse, job, firstRun);
  if (stopped()) return;
  if (firstRun) for (const entry of refused) addToReport(report, "skipped", entry);
  const restoreReport = reportRestorer(report);
  const categoryIds = await withOutbox(db, deps.contentEvents, async (tx, record) => {
    restoreReport();
    // Cancelled while its file was read (that takes seconds for a large one): nothing is written.
    const state = await first(
      tx.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, job.id)),
    );
    if (state?.status !== "queued" && state?.status !== "running") return undefined;
    const ids = await ensureCategories(tx, blog.id, source.categories, report, firstRun);
    if (firstRun && source.blog) {
      // A Blogfleet export brings its blog's look and time zone (decision 145).
      await tx
        .update(blogs)
        .set({
          description: source.blog.description,
          timeZone: source.blog.timeZone,
          primaryColor: source.blog.primaryColor,
          fontFamily: source.blog.fontFamily,
          logoUrl: source.blog.logoUrl,
          // Restored into this blog's library when the import started (by hash).
          logoMediaId: source.blog.logoImage
            ? ((await mediaIdsByHash(tx, blog.id, [source.blog.logoImage])).get(
                source.blog.logoImage,
              ) ?? null)
            : null,
          aiDisclosure: source.blog.aiDisclosure,
        })
        .where(eq(blogs.id, blog.id));
      for (const link of source.affiliateLinks ?? [])
        await tx
          .insert(affiliateLinks)
          .values({ blogId: blog.id, ...link })
          .onConflictDoNothing();
      for (const redirect of source.redirects ?? []) {
        const inserted = await tx
          .insert(blogRedirects)
          .values({ blogId: blog.id, fromPath: redirect.from, toPath: redirect.to })
          .onConflictDoNothing()
          .returning();
        report.redirectsCreated += inserted.length;
      }
      await record(blog.id, { full: true });
    }
    if (firstRun && source.format === "wordpress") {
      report.redirectsCreated += await categoryArchiveRedirects(
        tx,
        blog.id,
        source.categories,
        ids,
      );
      await record(blog.id, { full: true });
    }
    await saveProgress(tx, job.id, { status: "running", report, total: source.items.length });
    return ids;
  });
  if (!categoryIds) {
    await dropPayload(deps, job);
    return;
  }
  const authors = new Set(report.authors);
  const renders = deferredRenders(deps.contentEvents, now);
  try {
    for (let index = job.done; index < source.items.length; index++) {
      if (stopped()) return;
      const current = await first(
        db.select({ status: importJobs.status }).from(importJobs).where(eq(importJobs.id, job.id)),
      );
      if (current?.status !== "running") {
        // Cancelled (or the blog went): nothing will resume it.
        await dropPayload(deps, job);
        return;
      }
      const item = source.items[index] as SourceItem;
      // The item's own transaction names the next one: one write per item, not two.
      if (index === job.done)
        await saveProgress(db, job.id, { currentItem: item.title.slice(0, 200) });
      const [seen] = await db
        .select({ n: count() })
        .from(importedItems)
        .where(and(eq(importedItems.blogId, blog.id), eq(importedItems.sourceKey, item.key)));
      const alreadyImported = (seen?.n ?? 0) > 0;
      let skipReason = alreadyImported ? "already imported into this blog" : item.skipReason;
      if (!skipReason && item.html.length > limits.postContent)
        skipReason = `its body is longer than ${limits.postContent.toLocaleString("en-US")} characters`;
      const html =
        skipReason || source.format === "blogfleet"
          ? item.html
          : await importImages(images, blog.id, item, item.html, report);
      const at = now();
      const restore = reportRestorer(report);
      const outcome = await withOutbox(db, renders.events, async (tx, recordChange) => {
        restore();
        // Cancelled while the item's images were fetched: nothing more is written. A cancel
        // during this transaction waits for it, or makes it run again and see the cancel.
        const state = await first(
          tx
            .select({ status: importJobs.status })
            .from(importJobs)
            .where(eq(importJobs.id, job.id)),
        );
        if (state?.status !== "running") return "ended";
        // Every post of the import is rendered by one full render of the blog: the outbox row
        // stays one row however many posts come in.
        const record: RecordChange = (blogId) => recordChange(blogId, { full: true });
        // Checked again in the transaction: another runner (a restart's) may have written it.
        if (!alreadyImported) {
          const mine = await first(
            tx
              .select({ jobId: importedItems.jobId })
              .from(importedItems)
              .where(and(eq(importedItems.blogId, blog.id), eq(importedItems.sourceKey, item.key))),
          );
          if (mine) return;
        }
        if (skipReason) {
          addToReport(report, "skipped", { title: item.title, reason: skipReason });
          // Named apart in the result, so the owner knows which pages to make by hand.
          if (skipReason === pageSkipReason) {
            const pages = report.pages ?? [];
            if (pages.length < reportListLimit) report.pages = [...pages, item.title];
          }
        } else {
          const category = item.categoryKeys.map((k) => categoryIds.get(k)).find(Boolean) ?? null;
          const post = await insertImportedPost(
            tx,
            record,
            {
              blogId: blog.id,
              authorId: blog.ownerId,
              categoryId: category,
              title: item.title,
              content: html,
              excerpt: item.excerpt,
              slug: item.slug,
              status: item.status,
              publishedAt:
                item.status === "published"
                  ? new Date(item.publishedAt ?? at)
                  : item.publishedAt && item.keepStatus
                    ? new Date(item.publishedAt)
                    : null,
              scheduledPublishAt: item.scheduledAt ? new Date(item.scheduledAt) : null,
              createdAt: new Date(item.createdAt ?? item.publishedAt ?? at),
              updatedAt: new Date(item.modifiedAt ?? item.publishedAt ?? at),
              metaTitle: item.metaTitle,
              metaDescription: item.metaDescription,
              keywords: item.keywords,
              tags: item.tags ?? [],
              source: item.source,
              aiAssisted: item.aiAssisted,
              formerSlugs: item.formerSlugs,
              featureImageId: item.featureImageHash
                ? (await mediaIdsByHash(tx, blog.id, [item.featureImageHash])).get(
                    item.featureImageHash,
                  )
                : null,
            },
            at,
          );
          if (item.keepStatus === "under_review")
            await tx
              .update(postsTable)
              .set({
                status: "under_review",
                updatedAt: post.updatedAt,
                submittedAt: post.updatedAt,
              })
              .where(eq(postsTable.id, post.id));
          if (item.authorName) authors.add(item.authorName);
          addToReport(report, "imported", {
            title: post.title,
            slug: post.slug,
            status: item.keepStatus ?? post.status,
          });
          if (post.status === "published") {
            for (const url of item.oldUrls) {
              const from = pathOfOldUrl(url);
              const to = `/post/${post.slug}`;
              if (!from || from === to || !isSameSitePath(from)) continue;
              const inserted = await tx
                .insert(blogRedirects)
                .values({ blogId: blog.id, fromPath: from, toPath: to })
                .onConflictDoNothing()
                .returning();
              report.redirectsCreated += inserted.length;
            }
          }
          await tx
            .insert(importedItems)
            .values({ blogId: blog.id, sourceKey: item.key, jobId: job.id, postId: post.id })
            .onConflictDoNothing();
        }
        report.authors = [...authors];
        const next = source.items[index + 1];
        await saveProgress(tx, job.id, {
          done: index + 1,
          report,
          currentItem: next ? next.title.slice(0, 200) : null,
        });
      });
      if (outcome === "ended") {
        await dropPayload(deps, job);
        return;
      }
    }
  } finally {
    // What was written is rendered however the job ends (the outbox rows are already stored:
    // a crash before this renders them at the next start).
    await renders.dispatch();
  }
  await db
    .update(importJobs)
    .set({ status: "succeeded", currentItem: null, finishedAt: now() })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.status, "running")));
  await dropPayload(deps, job);
}

/** How often an import's posts are rendered while it runs (and once more when it ends). */
export const importRenderEveryMs = 60_000;

/**
 * The renders an import asks for, dispatched at most once every `importRenderEveryMs` and when
 * `dispatch` is called: rendering the blog after every one of thousands of posts would keep
 * the server busy for nothing (issue 29: no request waits behind an import).
 */
function deferredRenders(events: ContentEvents, now: () => Date) {
  const pending = new Set<string>();
  let last = now().getTime();
  const dispatch = async () => {
    last = now().getTime();
    for (const blogId of [...pending]) {
      pending.delete(blogId);
      await events.blogChanged(blogId, { full: true });
    }
  };
  return {
    events: {
      async blogChanged(blogId: string) {
        pending.add(blogId);
        if (now().getTime() - last >= importRenderEveryMs) await dispatch();
      },
    } satisfies ContentEvents,
    dispatch,
  };
}

/** An ended import needs its uploaded file no more (the report stays). */
async function dropPayload(deps: ImportRunnerDeps, job: JobRow) {
  const [ended] = await deps.db
    .select({ status: importJobs.status })
    .from(importJobs)
    .where(eq(importJobs.id, job.id));
  if (ended && !["succeeded", "failed", "cancelled"].includes(ended.status)) return;
  await dropUpload(deps.storage, job).catch((error: unknown) =>
    deps.logger?.warn({ err: error, importId: job.id }, "an import's upload could not be deleted"),
  );
}
