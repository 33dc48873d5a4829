import { describe, expect, it } from "vitest";
import { type Capability, can, capabilities, type Role, roles } from "./roles.ts";

/** The role table as the team issue states it, one row per capability: owner, editor, writer, contributor. */
const expected: Record<Capability, [boolean, boolean, boolean, boolean]> = {
  "blog.manage": [true, false, false, false],
  "members.manage": [true, false, false, false],
  "members.inviteWriters": [true, true, false, false],
  "posts.all": [true, true, false, false],
  "posts.write": [true, true, true, true],
  "posts.publish": [true, true, false, false],
  "posts.review": [true, true, false, false],
  "categories.manage": [true, true, false, false],
  "tags.manage": [true, true, false, false],
  "affiliateLinks.manage": [true, true, false, false],
  "media.library": [true, true, true, false],
  "media.upload": [true, true, true, true],
  "media.manage": [true, true, false, false],
  "analytics.view": [true, true, false, false],
  "activity.view": [true, true, false, false],
  "subscribers.manage": [true, false, false, false],
  "newsletter.send": [true, true, false, false],
};

describe("the role table", () => {
  it("gives each role exactly what the table says, and names every capability", () => {
    expect(Object.keys(capabilities).sort()).toEqual(Object.keys(expected).sort());
    for (const [capability, row] of Object.entries(expected) as [Capability, boolean[]][]) {
      const allowed = roles.map((role) => can(role, capability));
      expect({ capability, allowed }).toEqual({ capability, allowed: row });
    }
  });

  it("lets a writer publish their own post only where the blog allows it", () => {
    const writer: Role = "writer";
    expect(can(writer, "posts.publish", { writersCanPublish: true, ownPost: true })).toBe(true);
    expect(can(writer, "posts.publish", { writersCanPublish: true, ownPost: false })).toBe(false);
    expect(can(writer, "posts.publish", { writersCanPublish: false, ownPost: true })).toBe(false);
    // A contributor never publishes, whatever the blog allows writers.
    expect(can("contributor", "posts.publish", { writersCanPublish: true, ownPost: true })).toBe(
      false,
    );
  });
});
