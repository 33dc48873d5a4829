import { eq } from "drizzle-orm";
import { mediaLimits } from "../../../contracts/media.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import { HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import { fetchPublic, RemoteFetchError } from "../../net/public-fetch.ts";
import { presentMedia } from "./presenter.ts";
import { type MediaDeps, type MediaRow, uploadMedia } from "./service.ts";

export type RemoteImageDeps = MediaDeps & {
  /** Which resolved addresses may be fetched (default: public ones only). Tests widen it. */
  allowAddress?: (address: string) => boolean;
  maxBytes?: number;
  timeoutMs?: number;
};

const refused = (message: string) => ValidationFailed([{ path: "url", message }]);

/**
 * Brings a remote image into a blog's library (the import issue's hook): fetched through the
 * server's one guarded fetcher (`fetchPublic`: public addresses only, each redirect checked, the
 * socket pinned to the checked address) with a size and a time limit, then checked and
 * processed like any upload. Called by the importer for the blog's owner, so ownership is
 * checked like an upload's.
 */
export async function importRemoteImage(
  deps: RemoteImageDeps,
  blogId: string,
  url: string,
): Promise<MediaRow> {
  const blog = await first(deps.db.select().from(blogs).where(eq(blogs.id, blogId)));
  if (!blog) throw NotFound("Blog");
  const { bytes, fileName } = await fetchRemoteImage(url, deps);
  const { item } = await uploadMedia(deps, blog.ownerId, blogId, { bytes, fileName });
  return item;
}

export async function fetchRemoteImage(
  url: string,
  options: Pick<RemoteImageDeps, "allowAddress" | "maxBytes" | "timeoutMs"> = {},
): Promise<{ bytes: Buffer; fileName: string }> {
  try {
    const { bytes, finalUrl } = await fetchPublic(url, {
      allowAddress: options.allowAddress,
      maxBytes: options.maxBytes ?? mediaLimits.remoteBytes,
      timeoutMs: options.timeoutMs ?? mediaLimits.remoteTimeoutMs,
      accept: "image/avif,image/webp,image/*;q=0.8",
    });
    const name = decodeURIComponent(new URL(finalUrl).pathname.split("/").pop() ?? "") || "image";
    return { bytes, fileName: name.slice(0, mediaLimits.fileName) };
  } catch (error) {
    throw error instanceof RemoteFetchError ? imageError(error) : error;
  }
}

/** The guarded fetch's refusal in the words of an image import (400, 502 or 504). */
function imageError(error: RemoteFetchError): HttpError {
  switch (error.reason) {
    case "invalid-url":
      return refused(error.message);
    case "not-http":
      return refused("Only http and https images can be imported.");
    case "credentials":
      return refused("Image addresses with a user name or password are not fetched.");
    case "non-public":
      return refused(`Images on non-public addresses (${error.detail}) are not fetched.`);
    case "too-many-redirects":
      return refused(`The image address redirects more than ${error.detail} times.`);
    case "too-large":
      return refused(
        `The remote image is larger than ${Math.round(Number(error.detail) / 1024 / 1024)} MB.`,
      );
    case "timeout":
      return new HttpError(504, "remote_image_timeout", error.message);
    case "http-status":
      return new HttpError(
        502,
        "remote_image_failed",
        `The image at ${error.url} could not be fetched (HTTP ${error.detail}).`,
      );
    case "unwanted-type":
    case "unreachable":
      return new HttpError(
        502,
        "remote_image_failed",
        `The image at ${error.url} could not be fetched.`,
      );
  }
}

/**
 * The importer's image hook (issue 19) over `importRemoteImage`: an image a post names comes
 * into the library and the post points at its file; one that cannot be fetched keeps its
 * address and the import report says why (the post still imports).
 */
export function libraryImageImporter(
  deps: RemoteImageDeps,
): (blogId: string, url: string) => Promise<{ url: string } | { error: string }> {
  return async (blogId, url) => {
    try {
      return { url: presentMedia(await importRemoteImage(deps, blogId, url)).src };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  };
}
