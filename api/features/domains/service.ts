import { randomBytes } from "node:crypto";
import { and, eq, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { DomainInput } from "../../../contracts/blogs.ts";
import type { Database } from "../../db/client.ts";
import { isUniqueViolation } from "../../db/errors.ts";
import { first } from "../../db/query.ts";
import { blogs } from "../../db/schema.ts";
import { Conflict, HttpError, NotFound } from "../../http/errors.ts";
import type { DomainTarget } from "../blogs/presenter.ts";
import {
  unverifiedClaimDays,
  verificationRecordName,
  verificationRecordValue,
} from "../blogs/presenter.ts";
import { findOwnedBlog, updateBlogForFullRender } from "../blogs/service.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { type DnsResolver, lookup } from "./dns.ts";

export type DomainDeps = {
  db: Database;
  contentEvents: ContentEvents;
  resolver: DnsResolver;
  target: DomainTarget;
  /** The platform's own hosts: the blog domain and the dashboard's host. */
  platformHosts: string[];
  /** Labels of the platform's own hosts under the blog domain, refused as subdomains. */
  reservedLabels?: ReadonlySet<string>;
  /** Clears cached host → blog lookups after a change. */
  onHostsChanged?: () => void;
  clock?: () => Date;
};

/**
 * How long a custom domain may wait for verification. Any number of blogs may claim a domain
 * meanwhile; the first to verify it gets it (docs/decisions/076-custom-domain-claims.md).
 */
const claimMs = unverifiedClaimDays * 24 * 60 * 60 * 1000;

const DomainTaken = () => Conflict("That domain is already used by another blog.", "domain_taken");

/** The columns that end a blog's unverified claim, saying why. */
const endedClaim = (reason: "verified_elsewhere" | "expired") => ({
  customDomain: null,
  domainVerified: false,
  domainVerificationToken: null,
  domainClaimedAt: null,
  domainClaimEnded: reason,
  domainClaimEndedFor: sql`${blogs.customDomain}`,
});

/** Ends every unverified claim older than `unverifiedClaimDays` (its owner is told why). */
export async function expireDomainClaims(db: Database, now: Date): Promise<void> {
  await db
    .update(blogs)
    .set(endedClaim("expired"))
    .where(
      and(
        eq(blogs.domainVerified, false),
        isNotNull(blogs.customDomain),
        lte(blogs.domainClaimedAt, new Date(now.getTime() - claimMs)),
      ),
    );
}

type BlogRow = typeof blogs.$inferSelect;

const now = (deps: DomainDeps) => (deps.clock ?? (() => new Date()))();

const isPlatformHost = (domain: string, platformHosts: string[]) =>
  platformHosts.some((host) => domain === host || domain.endsWith(`.${host}`));

/** Sets or clears the subdomain or the custom domain; either change resets verification. */
export async function updateDomain(
  deps: DomainDeps,
  ownerId: string,
  blogId: string,
  input: DomainInput,
): Promise<BlogRow> {
  await findOwnedBlog(deps.db, ownerId, blogId);
  await expireDomainClaims(deps.db, now(deps));
  let changes: Partial<BlogRow>;
  if (input.subdomain !== undefined) {
    if (input.subdomain && deps.reservedLabels?.has(input.subdomain)) {
      const message = "That subdomain is reserved. Choose another one.";
      throw new HttpError(400, "validation_failed", message, [{ path: "subdomain", message }]);
    }
    changes = { subdomain: input.subdomain || null };
  } else {
    const domain = input.customDomain || null;
    if (domain && isPlatformHost(domain, deps.platformHosts)) {
      throw new HttpError(
        400,
        "validation_failed",
        "That domain belongs to this platform. Use the subdomain field for it.",
        [
          {
            path: "customDomain",
            message: "That domain belongs to this platform. Use the subdomain field for it.",
          },
        ],
      );
    }
    if (domain) {
      const holder = await first(
        deps.db
          .select({ id: blogs.id })
          .from(blogs)
          .where(
            and(
              eq(blogs.customDomain, domain),
              eq(blogs.domainVerified, true),
              ne(blogs.id, blogId),
            ),
          ),
      );
      if (holder) throw DomainTaken();
    }
    changes = {
      customDomain: domain,
      domainVerified: false,
      domainVerificationToken: domain ? randomBytes(16).toString("hex") : null,
      domainClaimedAt: domain ? now(deps) : null,
      // A new claim (or none) replaces the news about the last one.
      domainClaimEnded: null,
      domainClaimEndedFor: null,
    };
  }
  let blog: BlogRow | undefined;
  try {
    // Canonical URLs, feeds and the sitemap name the blog's host: a full render.
    blog = await updateBlogForFullRender(deps.db, deps.contentEvents, ownerId, blogId, changes);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw input.subdomain !== undefined
        ? Conflict("That subdomain is taken. Choose another one.", "subdomain_taken")
        : DomainTaken();
    }
    throw error;
  }
  if (!blog) throw NotFound("Blog");
  deps.onHostsChanged?.();
  return blog;
}

const sameHost = (a: string, b: string) =>
  a.replace(/\.$/, "").toLowerCase() === b.replace(/\.$/, "").toLowerCase();

/**
 * Verifies a custom domain: it must point at the platform (CNAME to the target host, or A/AAAA
 * to its addresses) AND publish the blog's token in a TXT record, so nobody can claim a domain
 * they do not control. A failure says which record is missing or wrong.
 */
export async function verifyDomain(
  deps: DomainDeps,
  ownerId: string,
  blogId: string,
): Promise<BlogRow> {
  const blog = await findOwnedBlog(deps.db, ownerId, blogId);
  if (!blog.customDomain || !blog.domainVerificationToken) {
    throw new HttpError(400, "no_custom_domain", "Set a custom domain before verifying it.");
  }
  if (blog.domainVerified) return blog;
  const domain = blog.customDomain;
  if (blog.domainClaimedAt && now(deps).getTime() - blog.domainClaimedAt.getTime() >= claimMs) {
    await expireDomainClaims(deps.db, now(deps));
    throw new HttpError(
      400,
      "domain_claim_expired",
      `${domain} was not verified within ${unverifiedClaimDays} days, so the claim on it expired. Set the domain again to get a new TXT value.`,
    );
  }
  const txtName = verificationRecordName(domain);
  const expected = verificationRecordValue(blog.domainVerificationToken);
  let cnames: string[];
  let addresses: string[];
  let txts: string[][];
  try {
    [cnames, addresses, txts] = await Promise.all([
      lookup(() => deps.resolver.resolveCname(domain)),
      Promise.all([
        lookup(() => deps.resolver.resolve4(domain)),
        lookup(() => deps.resolver.resolve6(domain)),
      ]).then(([v4, v6]) => [...v4, ...v6]),
      lookup(() => deps.resolver.resolveTxt(txtName)),
    ]);
  } catch (error) {
    const code = String((error as NodeJS.ErrnoException).code ?? "");
    throw new HttpError(
      400,
      "verification_failed",
      code === "ETIMEOUT" || code === "ECONNREFUSED"
        ? `The DNS lookup for ${domain} timed out. Try again in a few minutes.`
        : `The DNS lookup for ${domain} failed (${code || (error as Error).message}). Try again in a few minutes.`,
    );
  }
  const problems: string[] = [];
  const pointsHere =
    cnames.some((c) => sameHost(c, deps.target.cnameTarget)) ||
    (addresses.length > 0 && addresses.every((a) => deps.target.addresses.includes(a)));
  if (!pointsHere) {
    problems.push(
      cnames.length > 0
        ? `${domain} is a CNAME to ${cnames.join(", ")}, not to ${deps.target.cnameTarget}.`
        : addresses.length > 0
          ? `${domain} points to ${addresses.join(", ")}, not to this platform.`
          : `No CNAME record for ${domain}: add one pointing to ${deps.target.cnameTarget}.`,
    );
  }
  if (!txts.some((chunks) => chunks.join("") === expected)) {
    problems.push(`No TXT record ${txtName} with the value ${expected}.`);
  }
  if (problems.length > 0) throw new HttpError(400, "verification_failed", problems.join(" "));
  let verified: BlogRow | undefined;
  try {
    verified = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
      const [row] = await tx
        .update(blogs)
        .set({ domainVerified: true, domainClaimedAt: null })
        .where(and(eq(blogs.id, blogId), eq(blogs.customDomain, domain)))
        .returning();
      if (!row) return undefined;
      await record(row.id, { full: true });
      // First to verify wins: every other claim on the domain ends, and says so.
      await tx
        .update(blogs)
        .set(endedClaim("verified_elsewhere"))
        .where(
          and(
            eq(blogs.customDomain, domain),
            eq(blogs.domainVerified, false),
            ne(blogs.id, blogId),
          ),
        );
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another blog verified it between the lookups and now: this claim ends like the others.
    await deps.db
      .update(blogs)
      .set(endedClaim("verified_elsewhere"))
      .where(and(eq(blogs.id, blogId), eq(blogs.customDomain, domain)));
    throw DomainTaken();
  }
  if (!verified) throw NotFound("Blog");
  deps.onHostsChanged?.();
  return verified;
}

/** For Caddy's on-demand TLS: is this a host the platform serves? */
export async function isServedHost(
  db: Database,
  blogDomain: string,
  host: string,
  reservedLabels: ReadonlySet<string> = new Set(),
): Promise<boolean> {
  const domain = host.trim().toLowerCase().replace(/\.$/, "");
  if (domain.endsWith(`.${blogDomain}`)) {
    const label = domain.slice(0, -(blogDomain.length + 1));
    if (!/^[a-z0-9-]+$/.test(label) || reservedLabels.has(label)) return false;
    return (
      (await first(db.select({ id: blogs.id }).from(blogs).where(eq(blogs.subdomain, label)))) !==
      undefined
    );
  }
  return (
    (await first(
      db
        .select({ id: blogs.id })
        .from(blogs)
        .where(and(eq(blogs.customDomain, domain), eq(blogs.domainVerified, true))),
    )) !== undefined
  );
}
