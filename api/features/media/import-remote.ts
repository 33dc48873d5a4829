import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { eq } from "drizzle-orm";
import { mediaLimits } from "../../../contracts/media.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import { HttpError, NotFound, ValidationFailed } from "../../http/errors.ts";
import { presentMedia } from "./presenter.ts";
import { type MediaDeps, type MediaRow, uploadMedia } from "./service.ts";

/**
 * Addresses the server must never fetch for an owner (decision 040 'Consequences', decision
 * 114): loopback, private, link-local, unique-local, carrier-grade NAT, multicast, reserved and
 * unspecified ranges, IPv4 and IPv6 (IPv4-mapped IPv6 addresses are checked as IPv4).
 */
const nonPublic = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  nonPublic.addSubnet(net, prefix, "ipv6");
}

/** Whether `address` (an IP literal) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
    if (mapped) return isPublicAddress(mapped[1] as string);
    // ::ffff:a.b.c.d written in hex (::ffff:7f00:1).
    const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hex) {
      const high = Number.parseInt(hex[1] as string, 16);
      const low = Number.parseInt(hex[2] as string, 16);
      return isPublicAddress(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
    }
    return !nonPublic.check(address, "ipv6");
  }
  return !nonPublic.check(address, "ipv4");
}

export type RemoteImageDeps = MediaDeps & {
  /** Which resolved addresses may be fetched (default: public ones only). Tests widen it. */
  allowAddress?: (address: string) => boolean;
  maxBytes?: number;
  timeoutMs?: number;
};

const maxRedirects = 3;

const refused = (message: string) => ValidationFailed([{ path: "url", message }]);

/**
 * Brings a remote image into a blog's library (the import issue's hook): fetched with a size
 * and a time limit, then checked and processed like any upload. The host is resolved here and
 * every address it resolves to must be public; the connection goes to that checked address
 * (the socket uses this lookup, no second resolution), and every redirect is checked the same
 * way. Called by the importer for the blog's owner, so ownership is checked like an upload's.
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
  const allow = options.allowAddress ?? isPublicAddress;
  const maxBytes = options.maxBytes ?? mediaLimits.remoteBytes;
  const signal = AbortSignal.timeout(options.timeoutMs ?? mediaLimits.remoteTimeoutMs);
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let target: URL;
    try {
      target = new URL(current);
    } catch {
      throw refused(`Not a valid address: ${current}`);
    }
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      throw refused("Only http and https images can be imported.");
    }
    if (target.username || target.password) {
      throw refused("Image addresses with a user name or password are not fetched.");
    }
    const res = await get(target, allow, signal);
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, target).href;
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new HttpError(
        502,
        "remote_image_failed",
        `The image at ${target.href} could not be fetched (HTTP ${status}).`,
      );
    }
    const declared = Number(res.headers["content-length"] ?? 0);
    if (declared > maxBytes) {
      res.destroy();
      throw tooBig(maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          throw tooBig(maxBytes);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(504, "remote_image_timeout", `Fetching ${target.href} took too long.`);
    }
    const name = decodeURIComponent(target.pathname.split("/").pop() ?? "") || "image";
    return { bytes: Buffer.concat(chunks), fileName: name.slice(0, mediaLimits.fileName) };
  }
  throw refused(`The image address redirects more than ${maxRedirects} times.`);
}

const tooBig = (maxBytes: number) =>
  refused(`The remote image is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);

/** One GET whose socket may only reach an address `allow` accepts. */
function get(target: URL, allow: (address: string) => boolean, signal: AbortSignal) {
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // Resolves once and hands the socket the checked address: no second lookup can differ.
  type Answer = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = ((
    hostname: string,
    options: { all?: boolean; family?: number },
    callback: Answer,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, list) => {
      if (error) return callback(error, "", 4);
      if (list.length === 0 || list.some((entry) => !allow(entry.address))) {
        const refusal = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
          code: "ENONPUBLIC",
        });
        return callback(refusal, "", 4);
      }
      const first = list[0] as LookupAddress;
      if (options.all) return callback(null, list);
      callback(null, first.address, first.family);
    });
  }) as unknown as LookupFunction;
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (isIP(host) && !allow(host)) {
      reject(refused(`Images on non-public addresses (${host}) are not fetched.`));
      return;
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const req = send(
      target,
      {
        method: "GET",
        lookup,
        signal,
        headers: { accept: "image/avif,image/webp,image/*;q=0.8", "user-agent": "Blogfleet" },
      },
      resolve,
    );
    req.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ENONPUBLIC") {
        reject(refused(`Images on non-public addresses (${target.hostname}) are not fetched.`));
      } else if (error.name === "AbortError" || error.name === "TimeoutError") {
        reject(
          new HttpError(504, "remote_image_timeout", `Fetching ${target.href} took too long.`),
        );
      } else {
        reject(
          new HttpError(
            502,
            "remote_image_failed",
            `The image at ${target.href} could not be fetched.`,
          ),
        );
      }
    });
    req.end();
  });
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
