import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The one way the server fetches an address someone other than the operator gave it (an image
 * to import, a page to read as a source): decisions 040 and 114. The host is resolved here and
 * every address it resolves to must pass `allowAddress` (public addresses only, unless a test
 * widens it); the socket connects to that checked address (the request's own `lookup`, no
 * second resolution), and every redirect goes through the same check. Size and time are
 * limited; the time limit covers every hop and the whole body.
 */

/**
 * Addresses the server must never fetch for an owner: loopback, private, link-local,
 * unique-local, carrier-grade NAT, multicast, reserved and unspecified ranges, IPv4 and IPv6
 * (IPv4-mapped IPv6 addresses are checked as IPv4).
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

/** Why a fetch did not give a body; callers word their own messages from it. */
export type RemoteFetchFailure =
  | "invalid-url"
  | "not-http"
  | "credentials"
  | "non-public"
  | "too-many-redirects"
  | "http-status"
  | "unwanted-type"
  | "too-large"
  | "timeout"
  | "unreachable";

export class RemoteFetchError extends Error {
  readonly reason: RemoteFetchFailure;
  /** The address of the hop that failed (after redirects). */
  readonly url: string;
  /** The host that was refused (`non-public`), the HTTP status (`http-status`), the media type
   * (`unwanted-type`) or the byte limit (`too-large`), for the caller's message. */
  readonly detail: string;

  constructor(reason: RemoteFetchFailure, url: string, detail: string, message: string) {
    super(message);
    this.name = "RemoteFetchError";
    this.reason = reason;
    this.url = url;
    this.detail = detail;
  }
}

export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export type PublicFetchOptions = {
  /** Which resolved addresses may be fetched (default: public ones only). Only tests widen it. */
  allowAddress?: (address: string) => boolean;
  maxBytes: number;
  timeoutMs: number;
  maxRedirects?: number;
  /** The request's Accept header. */
  accept?: string;
  /**
   * Whether a response's media type (lower case, without parameters; "" when none was sent) is
   * wanted; an unwanted one is refused before its body is read.
   */
  acceptType?: (mediaType: string) => boolean;
  /** How host names become addresses (default: the system resolver). Tests pass their own. */
  resolveHost?: ResolveHost;
};

export type PublicFetchResult = {
  bytes: Buffer;
  /** The address the body came from, after redirects. */
  finalUrl: string;
  /** The Content-Type header as sent ("" when none). */
  contentType: string;
};

const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true }, (error, list) => (error ? reject(error) : resolve(list))),
  );

/** `url` when it is an http(s) address without credentials; a `RemoteFetchError` otherwise. */
function fetchableUrl(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RemoteFetchError("invalid-url", url, "", `Not a valid address: ${url}`);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") {
    throw new RemoteFetchError(
      "not-http",
      target.href,
      target.protocol,
      `Only http and https addresses are fetched (not ${target.protocol}).`,
    );
  }
  if (target.username || target.password) {
    throw new RemoteFetchError(
      "credentials",
      target.href,
      "",
      "Addresses with a user name or password are not fetched.",
    );
  }
  return target;
}

/** GET `url` under the rules above; throws a `RemoteFetchError` saying why not. */
export async function fetchPublic(
  url: string,
  options: PublicFetchOptions,
): Promise<PublicFetchResult> {
  const allow = options.allowAddress ?? isPublicAddress;
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(options.timeoutMs);
  const resolveHost = options.resolveHost ?? systemResolve;
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = fetchableUrl(current);
    const res = await get(target, { allow, signal, resolveHost, accept: options.accept });
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.resume();
      current = new URL(res.headers.location, target).href;
      continue;
    }
    if (status !== 200) {
      res.resume();
      throw new RemoteFetchError(
        "http-status",
        target.href,
        String(status),
        `${target.href} answered HTTP ${status}.`,
      );
    }
    const contentType = res.headers["content-type"] ?? "";
    const mediaType = (contentType.split(";")[0] ?? "").trim().toLowerCase();
    if (options.acceptType && !options.acceptType(mediaType)) {
      res.destroy();
      throw new RemoteFetchError(
        "unwanted-type",
        target.href,
        mediaType,
        `${target.href} is ${mediaType || "of no stated type"}, which is not fetched here.`,
      );
    }
    const declared = Number(res.headers["content-length"] ?? 0);
    if (declared > options.maxBytes) {
      res.destroy();
      throw tooLarge(target, options.maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > options.maxBytes) {
          res.destroy();
          throw tooLarge(target, options.maxBytes);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      if (error instanceof RemoteFetchError) throw error;
      throw signal.aborted ? timedOut(target) : unreachable(target);
    }
    return { bytes: Buffer.concat(chunks), finalUrl: target.href, contentType };
  }
  throw new RemoteFetchError(
    "too-many-redirects",
    current,
    String(maxRedirects),
    `The address redirects more than ${maxRedirects} times.`,
  );
}

const tooLarge = (target: URL, maxBytes: number) =>
  new RemoteFetchError(
    "too-large",
    target.href,
    String(maxBytes),
    `${target.href} is larger than ${formatBytes(maxBytes)}.`,
  );
const timedOut = (target: URL) =>
  new RemoteFetchError("timeout", target.href, "", `Fetching ${target.href} took too long.`);
const unreachable = (target: URL) =>
  new RemoteFetchError("unreachable", target.href, "", `${target.href} could not be fetched.`);
const nonPublicHost = (target: URL, host: string) =>
  new RemoteFetchError(
    "non-public",
    target.href,
    host,
    `${host} is not a public address; it is not fetched.`,
  );

export type ProbeResult = {
  status: number;
  /** The Location header of a redirect, resolved against the address ("" when none). */
  location: string;
};

/**
 * One request to `url` under the same address rules, without following a redirect (the
 * link checker follows and records them itself, each hop through here). Only the status and
 * headers are waited for, within `timeoutMs`.
 */
export async function probePublic(
  url: string,
  options: Pick<PublicFetchOptions, "allowAddress" | "resolveHost" | "timeoutMs"> & {
    method: "GET" | "HEAD";
    userAgent: string;
  },
): Promise<ProbeResult> {
  const target = fetchableUrl(url);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const res = await get(target, {
    allow: options.allowAddress ?? isPublicAddress,
    signal,
    resolveHost: options.resolveHost ?? systemResolve,
    accept: undefined,
    method: options.method,
    userAgent: options.userAgent,
  });
  const status = res.statusCode ?? 0;
  const location = res.headers.location ? new URL(res.headers.location, target).href : "";
  // The status is the answer: no body is read, so a slow one holds nothing up.
  res.destroy();
  return { status, location };
}

/** 1 MB, 512 kB: as the limit is set. */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MB`
    : `${Math.round(bytes / 1024)} kB`;
}

/** One GET whose socket may only reach an address `allow` accepts. */
function get(
  target: URL,
  options: {
    allow: (address: string) => boolean;
    signal: AbortSignal;
    resolveHost: ResolveHost;
    accept: string | undefined;
    method?: "GET" | "HEAD";
    userAgent?: string;
  },
) {
  const { allow, signal } = options;
  const host = target.hostname.replace(/^\[|\]$/g, "");
  // Resolves once and hands the socket the checked address: no second lookup can differ.
  type Answer = (error: Error | null, address: string | LookupAddress[], family?: number) => void;
  const lookup = ((
    hostname: string,
    lookupOptions: { all?: boolean; family?: number },
    callback: Answer,
  ) => {
    options.resolveHost(hostname).then(
      (found) => {
        const list = lookupOptions.family
          ? found.filter((entry) => entry.family === lookupOptions.family)
          : found;
        if (list.length === 0 || found.some((entry) => !allow(entry.address))) {
          const refusal = Object.assign(new Error(`${hostname} resolves to a non-public address`), {
            code: "ENONPUBLIC",
          });
          return callback(refusal, "", 4);
        }
        const first = list[0] as LookupAddress;
        if (lookupOptions.all) return callback(null, list);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, "", 4),
    );
  }) as unknown as LookupFunction;
  return new Promise<IncomingMessage>((resolve, reject) => {
    if (isIP(host) && !allow(host)) {
      reject(nonPublicHost(target, host));
      return;
    }
    const send = target.protocol === "https:" ? httpsRequest : httpRequest;
    const headers: Record<string, string> = { "user-agent": options.userAgent ?? "Blogfleet" };
    if (options.accept) headers.accept = options.accept;
    const method = options.method ?? "GET";
    const req = send(target, { method, lookup, signal, headers }, resolve);
    req.on("error", (error: Error & { code?: string }) => {
      if (error.code === "ENONPUBLIC") reject(nonPublicHost(target, target.hostname));
      else if (error.name === "AbortError" || error.name === "TimeoutError" || signal.aborted)
        reject(timedOut(target));
      else reject(unreachable(target));
    });
    req.end();
  });
}
