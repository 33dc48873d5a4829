/**
 * What people call the fields the API names (`scheduledPublishAt` → 'Scheduled time'): a 400's
 * issues are shown with these, never with internal names (issue 16). A field missing here is
 * still shown in words, from its camelCase name.
 */
export const fieldLabels: Record<string, string> = {
  affiliateKeyword: "Affiliate keyword",
  affiliateLinksPerPost: "Affiliate links per post",
  aiDisclosure: "AI disclosure",
  authorId: "Author",
  autoInsert: "Auto-insert",
  autoPublish: "Auto-publish",
  bio: "Bio",
  blogDescription: "Blog description",
  blogId: "Blog",
  blogName: "Blog name",
  categoryId: "Category",
  commissionRate: "Commission rate",
  content: "Content",
  cursor: "Page",
  customDomain: "Custom domain",
  description: "Description",
  displayName: "Display name",
  email: "Email",
  enabled: "Automation",
  examplePostIds: "Example posts",
  excerpt: "Excerpt",
  firstName: "First name",
  focusKeyword: "Focus keyword",
  fontFamily: "Font",
  generatedByAi: "AI content",
  keyword: "Keyword",
  keywords: "Keywords",
  lastName: "Last name",
  length: "Length",
  limit: "Page size",
  logoUrl: "Logo URL",
  metaDescription: "Meta description",
  metaTitle: "Meta title",
  name: "Name",
  niche: "Niche",
  parentId: "Parent category",
  password: "Password",
  personaBio: "Author bio",
  personaCredentials: "Credentials",
  personaLinks: "Profile links",
  personaName: "Author name",
  personaPhotoId: "Author photo",
  postingFrequency: "Posting frequency",
  postsPerWeek: "Posts per week",
  primaryColor: "Primary color",
  profileImageUrl: "Profile image",
  programName: "Program name",
  publicBio: "Public bio",
  publicName: "Public name",
  q: "Search",
  readingLevel: "Reading level",
  scheduleTime: "Time",
  scheduledPublishAt: "Scheduled time",
  signupUrl: "Sign-up URL",
  slug: "URL slug",
  sourceNotes: "Notes",
  sourceUrls: "Pages",
  status: "Status",
  subdomain: "Subdomain",
  tags: "Tags",
  title: "Title",
  tone: "Tone",
  topics: "Topics",
  url: "URL",
  wordsToAvoid: "Words to avoid",
  wordsToUse: "Words to use",
};

/** 'keywords.3' → 'Keywords'; an unknown `someField` → 'Some field'. */
export function fieldLabel(path: string): string {
  const field = path.split(".")[0] ?? "";
  const known = fieldLabels[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One issue of a 400 for people: 'Primary color: Must be a hex colour'. A message that
 * already names the field ('Scheduled time must be in the future') is shown as it is.
 */
export function describeIssue(issue: { path?: string; message: string }): string {
  if (!issue.path) return issue.message;
  const label = fieldLabel(issue.path);
  if (issue.message.toLowerCase().startsWith(label.toLowerCase())) return issue.message;
  return `${label}: ${issue.message}`;
}
