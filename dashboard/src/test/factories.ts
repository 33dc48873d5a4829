import type { Blog, SiteStatus } from "@contracts/blogs.ts";
import type { AffiliateRecommendation } from "@contracts/recommendations.ts";

/** A blog as the API presents it, with no domain set up. */
export const blogFixture = (over: Partial<Blog> = {}): Blog => ({
  id: "b1",
  name: "Trail Running Weekly",
  description: null,
  slug: "trail-running-weekly",
  subdomain: null,
  customDomain: null,
  domainVerified: false,
  primaryColor: "#df7020",
  fontFamily: "IBM Plex Serif",
  aiDisclosure: true,
  reviewBeforePublishing: true,
  timeZone: "UTC",
  domainInstructions: null,
  domainClaimExpiresAt: null,
  domainNotice: null,
  logoUrl: null,
  logoMediaId: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

/** A pending affiliate program recommendation for blog b1. */
export const affiliateRecommendationFixture = (
  id: string,
  over: Partial<AffiliateRecommendation> = {},
): AffiliateRecommendation => ({
  id,
  blogId: "b1",
  programName: `Program ${id}`,
  category: "Marketplace",
  description: `Description of ${id}.`,
  commissionRate: null,
  reasoning: null,
  signupUrl: `https://${id}.example.com/join`,
  status: "pending",
  source: "offline",
  createdAt: "2025-01-01T00:00:00.000Z",
  ...over,
});

/** A blog's site status: never rendered, nothing under way. */
export const siteStatusFixture = (over: Partial<SiteStatus> = {}): SiteStatus => ({
  state: "not_published",
  liveSince: null,
  lastDurationMs: null,
  lastError: null,
  lastRenderedAt: null,
  nextAttemptAt: null,
  ...over,
});
