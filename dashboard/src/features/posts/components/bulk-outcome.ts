import { postStatusLabels } from "@contracts/limits.ts";
import type { BulkPostsResult } from "@contracts/post-list.ts";

const postsText = (count: number) => (count === 1 ? "1 post" : `${count} posts`);

/**
 * The toast after a bulk action, in the words of the single one ('Post deleted' / 'The post
 * has been deleted.'): how many changed, and what held the others back (each post's reason is
 * the check's own message; the first is shown, with how many more).
 */
export function bulkOutcomeToast(
  result: BulkPostsResult,
  categoryName: (id: string | null) => string,
  categoryId: string | null = null,
): { title: string; description: string; variant?: "destructive" } {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const refused = result.results.flatMap((r) => (r.outcome === "refused" ? [r] : []));
  const changed = count("changed");
  const deleted = count("deleted");
  const unchanged = count("unchanged");

  const done =
    result.action === "delete"
      ? `${postsText(deleted)} ${deleted === 1 ? "has" : "have"} been deleted.`
      : result.action === "status" && result.status
        ? `${postsText(changed)} set to ${postStatusLabels[result.status]}.`
        : categoryId === null
          ? `${postsText(changed)} taken out of their category.`
          : `${postsText(changed)} moved to ${categoryName(categoryId)}.`;
  const already = unchanged > 0 ? ` ${postsText(unchanged)} already so.` : "";
  const held =
    refused.length > 0
      ? ` ${postsText(refused.length)} not changed: ${refused[0]?.message}${refused.length > 1 ? ` (and ${refused.length - 1} more)` : ""}`
      : "";
  const nothing = changed + deleted === 0 && refused.length > 0;
  return {
    title: nothing
      ? "No posts changed"
      : result.action === "delete"
        ? "Posts deleted"
        : "Posts updated",
    description: `${done}${already}${held}`,
    ...(nothing ? { variant: "destructive" as const } : {}),
  };
}
