import type { AffiliateLink } from "../../../contracts/affiliate-links.ts";
import type { LinkHealth } from "../../../contracts/link-health.ts";
import type { AffiliateLinkRow } from "./service.ts";

export function presentAffiliateLink(
  row: AffiliateLinkRow,
  health?: LinkHealth | null,
): AffiliateLink {
  return {
    id: row.id,
    blogId: row.blogId,
    keyword: row.keyword,
    url: row.url,
    autoInsert: row.autoInsert,
    clicks: row.clicks,
    subIdParam: row.subIdParam || null,
    subIdTemplate: row.subIdTemplate || null,
    createdAt: row.createdAt.toISOString(),
    ...(health === undefined ? {} : { health }),
  };
}
