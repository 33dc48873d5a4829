import type { Blog, DomainInstructions } from "../../../contracts/blogs.ts";
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

export function presentBlog(row: typeof blogs.$inferSelect, target?: DomainTarget): Blog {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    subdomain: row.subdomain,
    customDomain: row.customDomain,
    domainVerified: row.domainVerified,
    primaryColor: row.primaryColor,
    fontFamily: row.fontFamily,
    logoUrl: row.logoUrl,
    aiDisclosure: row.aiDisclosure,
    domainInstructions: instructions(row, target),
    createdAt: row.createdAt.toISOString(),
  };
}
