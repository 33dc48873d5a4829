import type { Blog, DomainInstructions } from "../../../contracts/blogs.ts";
import type { Role } from "../../../contracts/roles.ts";
import type { blogs } from "../../db/schema.ts";

/** Where custom domains must point (from the environment). */
export type DomainTarget = { cnameTarget: string; addresses: string[] };

export const verificationRecordName = (domain: string) => `_blogfleet.${domain}`;
export const verificationRecordValue = (token: string) => `blogfleet-verify=${token}`;

function instructions(
  row: typeof blogs.$inferSelect,
  target: DomainTarget | undefined,
): DomainInstructions | null {
  if (!target || !row.customDomain || row.domainVerified || !row.domainVerificationToken)
    return null;
  return {
    cnameTarget: target.cnameTarget,
    addresses: target.addresses,
    txtName: verificationRecordName(row.customDomain),
    txtValue: verificationRecordValue(row.domainVerificationToken),
  };
}

/** Days an unverified claim lasts (docs/decisions/076-custom-domain-claims.md). */
export const unverifiedClaimDays = 7;

function claimExpiry(row: typeof blogs.$inferSelect): string | null {
  if (!row.customDomain || row.domainVerified || !row.domainClaimedAt) return null;
  return new Date(
    row.domainClaimedAt.getTime() + unverifiedClaimDays * 24 * 60 * 60 * 1000,
  ).toISOString();
}

function domainNotice(row: typeof blogs.$inferSelect): string | null {
  const domain = row.domainClaimEndedFor;
  if (!domain) return null;
  if (row.domainClaimEnded === "verified_elsewhere")
    return `Another blog verified ${domain} first, so it now belongs to that blog and this blog's claim was removed. If the domain is yours, check who controls its DNS records, then set it again.`;
  if (row.domainClaimEnded === "expired")
    return `${domain} was not verified within ${unverifiedClaimDays} days, so the claim on it expired. Set the domain again to get a new TXT value.`;
  return null;
}

/** The blog as the API answers it to a person with `role` on it (the owner, unless told). */
export function presentBlog(
  row: typeof blogs.$inferSelect,
  target?: DomainTarget,
  role: Role = "owner",
): Blog {
  return {
    id: row.id,
    role,
    name: row.name,
    description: row.description,
    slug: row.slug,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    domainVerified: row.domainVerified,
    primaryColor: row.primaryColor,
    fontFamily: row.fontFamily,
    logoUrl: row.logoUrl,
    logoMediaId: row.logoMediaId,
    aiDisclosure: row.aiDisclosure,
    reviewBeforePublishing: row.reviewBeforePublishing,
    writersCanPublish: row.writersCanPublish,
    timeZone: row.timeZone,
    domainInstructions: instructions(row, target),
    domainClaimExpiresAt: claimExpiry(row),
    domainNotice: domainNotice(row),
    createdAt: row.createdAt.toISOString(),
  };
}
