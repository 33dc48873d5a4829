/** Business constants (sizes, counts, defaults), written once for the API and the dashboard. */
export const limits = {
  blogName: 100,
  blogDescription: 500,
  recentPosts: 6,
  /** Cards per page of All Posts: two screens' worth, the next page asked near the end. */
  allPostsPage: 30,
  weekDays: 7,
  monthDays: 30,
  cardExcerpt: 150,
  savedExcerpt: 200,
  postsPerWeek: { min: 1, max: 14, default: 3 },
  password: { min: 8, max: 200 },
  email: 254,
  /** Public profile in Account Settings (decision 055). */
  publicName: 100,
  publicBio: 500,
  approvedRecommendationTopics: 4,
  generateButtonBusyMs: 2000,
  // Maxima the product leaves open (docs/decisions/020-posts-api-rules.md). Generous for people,
  // small enough that one request can never carry an unbounded row.
  postTitle: 200,
  postSlug: 200,
  postExcerpt: 1000,
  postContent: 500_000,
  /** Revisions kept per post, newest first (docs/decisions/096). */
  revisionsKept: 50,
  metaTitle: 200,
  metaDescription: 500,
  keywords: { maxItems: 50, maxLength: 100 },
  categoryName: 100,
  categorySlug: 200,
  url: 2048,
  affiliateKeyword: 100,
  /** Affiliate links inserted into one post at most. */
  affiliateLinksPerPost: 5,
  // Caps per owner and per blog (docs/decisions/066): far above what a person writes by hand,
  // low enough that one account cannot make every page or render unbounded.
  blogsPerOwner: 100,
  /** Published or not; the benchmarks run blogs of this size. */
  postsPerBlog: 20_000,
  categoriesPerBlog: 200,
  /** Levels of the category tree, a top-level category being level 1. */
  categoryDepth: 5,
  /** Tags (issue 33): a name readers see as a chip, a few per post, a slug unique per blog. */
  tagName: 50,
  tagSlug: 100,
  tagsPerPost: 20,
  tagsPerBlog: 2000,
} as const;

/**
 * Expensive owner actions per owner (docs/decisions/312): far above what a person does in an
 * hour, low enough that one account cannot flood the server. Imports have theirs in
 * `importLimits` (contracts/imports.ts).
 */
export const ownerActionLimits = {
  /** Upload attempts an hour (each a decode and about seven encodes). */
  uploadsPerHour: 200,
  /** Uploads of one owner in progress at once in a process (the dashboard sends one at a time). */
  uploadsAtOnce: 3,
  /** Exports an hour (each reads the blog's posts and images into one zip in memory). */
  exportsPerHour: 20,
  /** Invitation links an owner may create in an hour. */
  invitationsPerHour: 10,
  /** Invitation links of one owner not used yet and not expired. */
  openInvitations: 20,
} as const;

/**
 * Affiliate links one blog may have (docs/decisions/066, 075): every auto-insert keyword is
 * looked for in every rendered post, so the count bounds render work.
 */
export const maxAffiliateLinksPerBlog = 500;

export const defaults = {
  /**
   * A new blog's colour: the Burnt Orange preset. The database's column default (#df7020) is
   * older and lighter; blogs are created with this one (decision 354).
   */
  primaryColor: "#b4531a",
  fontFamily: "IBM Plex Serif",
  postingFrequency: "weekly",
  autoPublish: true,
  autoInsert: true,
  scheduleTime: "12:00",
} as const;

export const postStatuses = ["draft", "under_review", "published"] as const;
export type PostStatus = (typeof postStatuses)[number];
export const postStatusLabels: Record<PostStatus, string> = {
  draft: "Draft",
  under_review: "Under Review",
  published: "Published",
};

export const recommendationStatuses = ["pending", "approved", "rejected"] as const;
export type RecommendationStatus = (typeof recommendationStatuses)[number];

export const postingFrequencies = ["daily", "weekly", "biweekly"] as const;
export type PostingFrequency = (typeof postingFrequencies)[number];
export const postingFrequencyLabels: Record<PostingFrequency, string> = {
  daily: "Daily",
  weekly: "Weekly",
  biweekly: "Biweekly",
};

export const aiTones = ["professional", "casual", "technical", "friendly"] as const;
export type AiTone = (typeof aiTones)[number];
export const aiToneLabels: Record<AiTone, string> = {
  professional: "Professional",
  casual: "Casual",
  technical: "Technical",
  friendly: "Friendly",
};
export const aiLengths = ["short", "medium", "long"] as const;
export type AiLength = (typeof aiLengths)[number];
export const aiLengthLabels: Record<AiLength, string> = {
  short: "Short",
  medium: "Medium",
  long: "Long",
};

export const fontFamilies = ["IBM Plex Serif", "Inter", "Georgia", "Courier New"] as const;
/**
 * Every preset carries white text at WCAG AA (decision 354): Burnt Orange, Emerald Green and
 * Teal are darker than the original #df7020, #059669 and #0891b2, which did not.
 */
export const colorPresets = [
  { value: "#b4531a", name: "Burnt Orange" },
  { value: "#2563eb", name: "Royal Blue" },
  { value: "#047857", name: "Emerald Green" },
  { value: "#dc2626", name: "Ruby Red" },
  { value: "#7c3aed", name: "Violet Purple" },
  { value: "#0e7490", name: "Teal" },
] as const;
