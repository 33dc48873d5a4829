import { describe, expect, it } from "vitest";
import { bulkOutcomeToast } from "./bulk-outcome.ts";
import { nextSort } from "./posts-table.tsx";

const name = (id: string | null) => (id === "c1" ? "Recipes" : "no category");

describe("bulkOutcomeToast", () => {
  it("counts the posts changed, in the single action's words", () => {
    expect(
      bulkOutcomeToast(
        {
          action: "delete",
          results: [
            { id: "a", outcome: "deleted" },
            { id: "b", outcome: "deleted" },
          ],
        },
        name,
      ),
    ).toEqual({ title: "Posts deleted", description: "2 posts have been deleted." });
    expect(
      bulkOutcomeToast(
        { action: "category", results: [{ id: "a", outcome: "changed" }] },
        name,
        "c1",
      ),
    ).toEqual({ title: "Posts updated", description: "1 post moved to Recipes." });
  });

  it("names what held posts back, and says so plainly when nothing changed", () => {
    const held = {
      id: "b",
      outcome: "refused" as const,
      code: "invalid_status_transition",
      message: "This blog reviews posts before publishing.",
    };
    expect(
      bulkOutcomeToast(
        {
          action: "status",
          status: "published",
          results: [{ id: "a", outcome: "changed" }, held, { id: "c", outcome: "unchanged" }],
        },
        name,
      ),
    ).toEqual({
      title: "Posts updated",
      description:
        "1 post set to Published. 1 post already so. 1 post not changed: This blog reviews posts before publishing.",
    });
    expect(
      bulkOutcomeToast(
        { action: "status", status: "published", results: [held, { ...held, id: "d" }] },
        name,
      ),
    ).toEqual({
      title: "No posts changed",
      description:
        "0 posts set to Published. 2 posts not changed: This blog reviews posts before publishing. (and 1 more)",
      variant: "destructive",
    });
  });
});

describe("nextSort", () => {
  it("starts names A to Z and figures biggest first, and turns the sorted column round", () => {
    expect(nextSort("date:desc", "title")).toBe("title:asc");
    expect(nextSort("title:asc", "views")).toBe("views:desc");
    expect(nextSort("title:asc", "title")).toBe("title:desc");
    expect(nextSort("date:desc", "date")).toBe("date:asc");
  });
});
