/**
 * The tables services import: SQLite's or PostgreSQL's, whichever this process runs on
 * (decision 180). Both are typed as the SQLite tables: the two schemas have the same tables,
 * columns and JavaScript values (`schema-parity.test.ts`), so services compile once and the
 * query builder of the process's dialect turns them into its own SQL.
 */
import { processDialect } from "./dialect.ts";
import type * as sqlite from "./sqlite/schema.ts";

// Only the process's dialect is loaded: PostgreSQL's tables and drizzle's pg-core cost a SQLite
// process's start ~20 ms of CPU, before a full render can read its blog (decision 243).
const chosen = (processDialect === "postgres"
  ? await import("./pg/schema.ts")
  : await import("./sqlite/schema.ts")) as unknown as typeof sqlite;

export const users = chosen.users;
export const sessions = chosen.sessions;
export const oidcLoginFlows = chosen.oidcLoginFlows;
export const passwordResets = chosen.passwordResets;
export const invitations = chosen.invitations;
export const blogs = chosen.blogs;
export const blogMembers = chosen.blogMembers;
export const activityEvents = chosen.activityEvents;
export const notifications = chosen.notifications;
export const authorProfiles = chosen.authorProfiles;
export const blogInvitations = chosen.blogInvitations;
export const postFingerprints = chosen.postFingerprints;
export const preparedBodies = chosen.preparedBodies;
export const categories = chosen.categories;
export const tags = chosen.tags;
export const postTags = chosen.postTags;
export const posts = chosen.posts;
export const postNotes = chosen.postNotes;
export const subscribers = chosen.subscribers;
export const newsletterIssues = chosen.newsletterIssues;
export const newsletterDeliveries = chosen.newsletterDeliveries;
export const media = chosen.media;
export const postRevisions = chosen.postRevisions;
export const postPendingChanges = chosen.postPendingChanges;
export const postSlugHistory = chosen.postSlugHistory;
export const removedPostSlugs = chosen.removedPostSlugs;
export const affiliateLinks = chosen.affiliateLinks;
export const affiliateClicks = chosen.affiliateClicks;
export const affiliateRecommendations = chosen.affiliateRecommendations;
export const blogRecommendations = chosen.blogRecommendations;
export const automationSettings = chosen.automationSettings;
export const renderJobs = chosen.renderJobs;
export const jobSteps = chosen.jobSteps;
export const siteBuilds = chosen.siteBuilds;
export const aiUsage = chosen.aiUsage;
export const scheduledTasks = chosen.scheduledTasks;
export const appSettings = chosen.appSettings;
export const removedBlogAddresses = chosen.removedBlogAddresses;
export const blogRedirects = chosen.blogRedirects;
export const importJobs = chosen.importJobs;
export const importedItems = chosen.importedItems;
export const analyticsSettings = chosen.analyticsSettings;
export const analyticsSalts = chosen.analyticsSalts;
export const pageHits = chosen.pageHits;
export const analyticsDaily = chosen.analyticsDaily;
export const analyticsHourly = chosen.analyticsHourly;
export const excludedHits = chosen.excludedHits;
export const commissionMappings = chosen.commissionMappings;
export const commissions = chosen.commissions;
export const blogVoices = chosen.blogVoices;
export const aiGenerations = chosen.aiGenerations;
export const automationTopics = chosen.automationTopics;
export const postResearch = chosen.postResearch;
export const linkChecks = chosen.linkChecks;
export const linkUses = chosen.linkUses;
export const linkScans = chosen.linkScans;
export const linkReplacements = chosen.linkReplacements;
