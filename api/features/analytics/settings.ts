import type {
  AnalyticsSettings,
  UpdateAnalyticsSettingsInput,
} from "../../../contracts/analytics.ts";
import type { Database } from "../../db/client.ts";
import { analyticsSettings } from "../../db/schema.ts";
import { findOwnedBlog } from "../blogs/service.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { withOutbox } from "../publishing/outbox.ts";
import { analyticsOf } from "./analytics-of.ts";
import { hourlyRetentionDays, rawHitRetentionDays } from "./ingest.ts";

export { analyticsOf };

const present = (settings: { enabled: boolean; honorDoNotTrack: boolean }): AnalyticsSettings => ({
  ...settings,
  rawHitRetentionDays,
  hourlyRetentionDays,
});

export async function getAnalyticsSettings(db: Database, ownerId: string, blogId: string) {
  await findOwnedBlog(db, ownerId, blogId);
  return present(await analyticsOf(db, blogId));
}

/**
 * Changes a blog's settings. Pages carry the beacon and the privacy page states the Do Not
 * Track rule, so the blog is rendered again.
 */
export async function updateAnalyticsSettings(
  deps: { db: Database; contentEvents: ContentEvents; onChanged?: (blogId: string) => void },
  ownerId: string,
  blogId: string,
  input: UpdateAnalyticsSettingsInput,
) {
  await findOwnedBlog(deps.db, ownerId, blogId);
  const next = await withOutbox(deps.db, deps.contentEvents, async (tx, record) => {
    const merged = { ...(await analyticsOf(tx, blogId)), ...input };
    await tx
      .insert(analyticsSettings)
      .values({ blogId, ...merged })
      .onConflictDoUpdate({ target: analyticsSettings.blogId, set: merged });
    await record(blogId, { full: true });
    return merged;
  });
  deps.onChanged?.(blogId);
  return present(next);
}
