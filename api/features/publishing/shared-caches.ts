import { type Bus, maxMessageBytes } from "../../bus/bus.ts";
import type { Logger } from "../../logger.ts";
import type { HostMap } from "../public-sites/fast-path.ts";
import type { PageCache } from "../public-sites/page-cache.ts";
import type { PublishedIndexes } from "../public-sites/published-index.ts";
import type { BlogChange } from "./content-events.ts";

type ContentMessage = { blogId: string; postIds?: string[] };
type FilesMessage = { blogId: string; files?: string[] };

/**
 * Keeps the caches of every process in step (decision 193): what this process changes it drops
 * at once and announces on the bus; what another process announces is dropped here. The host
 * map, the page cache (with its generation per blog) and the published indexes are covered; after
 * messages may have been lost (the bus was away) the host map and page cache are dropped whole,
 * the indexes of the blogs heard of (each expires within 10 s anyway).
 *
 * Files a render writes arrive one at a time: they are announced once per turn of the event
 * loop, per blog, not once per file.
 */
export function shareCaches(deps: {
  bus: Bus;
  cache: PageCache;
  indexes: PublishedIndexes;
  hostMap: HostMap;
  logger?: Logger;
}) {
  const { bus, cache, indexes, hostMap, logger } = deps;
  const send = (channel: Parameters<Bus["publish"]>[0], message: object | string) =>
    bus
      .publish(channel, typeof message === "string" ? message : JSON.stringify(message))
      .catch((error: unknown) =>
        logger?.warn({ err: error, channel }, "other processes not told of a change"),
      );
  const fits = (message: object) =>
    Buffer.byteLength(JSON.stringify(message)) < maxMessageBytes - 200;

  /** Blogs whose index this process may keep (those it heard of or changed). */
  const knownBlogs = new Set<string>();
  const dropEverything = () => {
    hostMap.clear();
    cache.clear();
    for (const blogId of knownBlogs) indexes.changed(blogId);
  };

  bus.subscribe("host-map", (message) => {
    if (message === undefined) return dropEverything();
    hostMap.clear();
  });
  bus.subscribe("content", (message) => {
    if (message === undefined) return dropEverything();
    const { blogId, postIds } = JSON.parse(message) as ContentMessage;
    knownBlogs.add(blogId);
    indexes.changed(blogId, postIds);
    cache.invalidate(blogId);
  });
  bus.subscribe("page-cache", (message) => {
    if (message === undefined) return dropEverything();
    const { blogId, files } = JSON.parse(message) as FilesMessage;
    if (!files) cache.invalidate(blogId);
    else for (const file of files) cache.invalidate(blogId, file);
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
    /** A committed change of the blog's content (this process dropped its caches already). */
    contentChanged(blogId: string, change: BlogChange) {
      knownBlogs.add(blogId);
      const message: ContentMessage = change.full
        ? { blogId }
        : { blogId, postIds: change.postIds ? [...change.postIds] : undefined };
      void send("content", fits(message) ? message : { blogId });
    },
    /** A file of the blog's live build changed (or all of them: `file` undefined). */
    fileChanged(blogId: string, file?: string) {
      knownBlogs.add(blogId);
      const pending = pendingFiles.get(blogId);
      if (file === undefined) pendingFiles.set(blogId, "all");
      else if (pending === undefined) pendingFiles.set(blogId, new Set([file]));
      else if (pending !== "all") pending.add(file);
      if (!flushing) {
        flushing = true;
        setImmediate(flushFiles);
      }
    },
    /** The host map that tells the other processes when it is cleared. */
    hostMap: {
      ...hostMap,
      remember: hostMap.remember,
      lookup: hostMap.lookup,
      clear() {
        hostMap.clear();
        void send("host-map", "");
      },
      get size() {
        return hostMap.size;
      },
    } satisfies HostMap,
  };
}
