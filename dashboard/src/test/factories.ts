import type { User } from "@contracts/auth.ts";
import type { AutomationSettings } from "@contracts/automation.ts";
import type { BlogJobs } from "@contracts/background-work.ts";
import type { Blog, SiteStatus } from "@contracts/blogs.ts";
import type { PostSummary } from "@contracts/posts.ts";
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
  writersCanPublish: false,
  role: "owner",
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
  attempts: 0,
  ...over,
});

/** A blog's background work: never rendered, no imports, automation off. */
export const blogJobsFixture = (over: Partial<BlogJobs> = {}): BlogJobs => ({
  render: {
    state: "none",
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    lastFinishedAt: null,
  },
  imports: [],
  automation: { state: "off", lastRunAt: null, nextRunAt: null, lastError: null, writing: null },
  ...over,
});

/** A post card as `GET /api/blogs/{blogId}/posts?limit=…` lists it. */
export const postSummaryFixture = (n: number, over: Partial<PostSummary> = {}): PostSummary => ({
  id: `p${n}`,
  blogId: "b1",
  authorId: "u1",
  author: { name: "Ada Lovelace", avatarUrl: null },
  title: `Trail notes ${n}`,
  excerpt: `Where to start on trail ${n}.`,
  status: (["draft", "under_review", "published"] as const)[n % 3] ?? "draft",
  slug: `trail-notes-${n}`,
  categoryId: null,
  scheduledPublishAt: null,
  publishedAt: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 23, 30) - n * 3_600_000).toISOString(),
  updatedAt: "2026-11-20T23:30:00.000Z",
  reviewReasons: [],
  ...over,
});

/** The signed-in owner as `GET /api/auth/user` answers. */
export const userFixture = (over: Partial<User> = {}): User => ({
  id: "u1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  profileImageUrl: null,
  ...over,
});

/** A blog's saved content automation: on, daily, two topics, drafts kept for review. */
export const automationFixture = (over: Partial<AutomationSettings> = {}): AutomationSettings => ({
  blogId: "b1",
  configured: true,
  topicDetails: [],
  skipReason: null,
  enabled: true,
  lastGeneratedAt: null,
  nextRunAt: null,
  niche: "Small-space gardening",
  postingFrequency: "daily",
  postsPerWeek: 7,
  autoPublish: false,
  topics: ["herbs", "tomatoes"],
  ...over,
});
