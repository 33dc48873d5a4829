import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

/**
 * Blogs whose content changed after their last successful render, with no render pending:
 * a change whose render request was lost (the process died between saving and enqueueing, or
 * the enqueue failed). Run at start-up; each gets a full render.
 */
export async function blogsNeedingRender(db: Database): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    select b.id from blogs b
    where not exists (select 1 from render_jobs j where j.blog_id = b.id)
      and max(
        b.updated_at,
        coalesce((select max(p.updated_at) from posts p where p.blog_id = b.id), 0),
        coalesce((select max(c.updated_at) from categories c where c.blog_id = b.id), 0)
      ) > coalesce(
        (select max(s.finished_at) from site_builds s where s.blog_id = b.id and s.status = 'succeeded'),
        0
      )
      and (
        exists (select 1 from posts p where p.blog_id = b.id and p.status = 'published')
        or exists (select 1 from site_builds s where s.blog_id = b.id)
      )
  `);
  return rows.map((r) => r.id);
}
