import { describe, expect, it } from "vitest";
import { asciiSlug } from "../../../contracts/ascii-slug.ts";
import { type BylineSources, makeBylines, type ProfileRow } from "./bylines.ts";

/** Whose byline each post shows (decision 368), without a database. */
const profile = (userId: string, name: string, slug: string): ProfileRow => ({
  userId,
  name,
  bio: null,
  photoId: null,
  links: [],
  slug,
});

const sources = (over: Partial<BylineSources> = {}): BylineSources => ({
  blogName: "Clay Garden",
  ownerId: "owner",
  owner: { publicName: "Olive Root", publicBio: null },
  profiles: [],
  people: new Map([
    ["writer", { publicName: "Wren Hale", publicBio: "Digs." }],
    ["quiet", { publicName: null, publicBio: null }],
  ]),
  slugOf: (name) => asciiSlug(name) ?? "",
  ...over,
});

const persona = { name: "Mara Quell", bio: null };

describe("bylines", () => {
  it("gives imported and AI-written posts, and the owner's, to the blog's author", () => {
    const { blogAuthor, authorOf } = makeBylines(sources());
    expect(blogAuthor).toEqual({ name: "Olive Root", slug: "olive-root", bio: null });
    expect(authorOf({ authorId: null, source: "owner" })).toBeUndefined();
    expect(authorOf({ authorId: "writer", source: "ai" })).toBeUndefined();
    expect(authorOf({ authorId: "owner", source: "owner" })).toBeUndefined();
  });

  it("names other people by their profile, else their public name, else the blog's name; one object per person", () => {
    const { authorOf } = makeBylines(
      sources({ profiles: [profile("editor", "Eda Stone", "eda-stone")] }),
    );
    const eda = authorOf({ authorId: "editor", source: "owner" });
    expect(eda).toEqual({ name: "Eda Stone", slug: "eda-stone", bio: null });
    expect(authorOf({ authorId: "editor", source: "owner" })).toBe(eda);
    expect(authorOf({ authorId: "writer", source: "owner" })).toEqual({
      name: "Wren Hale",
      slug: "wren-hale-writer",
      bio: "Digs.",
    });
    expect(authorOf({ authorId: "quiet", source: "owner" })).toMatchObject({
      name: "Clay Garden",
      slug: "clay-garden-quiet",
    });
  });

  it("makes the owner's profile the blog's author without a persona, and the owner's own byline beside one", () => {
    const owners = [profile("owner", "Olive R.", "olive-r")];
    const without = makeBylines(sources({ profiles: owners }));
    expect(without.blogAuthor).toMatchObject({ name: "Olive R.", slug: "olive-r" });
    expect(without.authorOf({ authorId: "owner", source: "owner" })).toBeUndefined();

    const beside = makeBylines(sources({ profiles: owners, persona }));
    expect(beside.blogAuthor).toMatchObject({
      name: "Mara Quell",
      slug: "mara-quell",
      responsible: { name: "Olive R.", slug: "olive-r" },
    });
    expect(beside.authorOf({ authorId: "owner", source: "owner" })).toMatchObject({
      name: "Olive R.",
    });
    expect(beside.authorOf({ authorId: "owner", source: "ai" })).toBeUndefined();
  });

  it("names the persona's responsible person, or nobody when they have no public name", () => {
    const byEditor = makeBylines(
      sources({
        persona: { ...persona, responsibleUserId: "writer" },
      }),
    );
    expect(byEditor.blogAuthor.responsible).toEqual({
      name: "Wren Hale",
      slug: "wren-hale-writer",
    });
    const byOwner = makeBylines(sources({ persona }));
    expect(byOwner.blogAuthor.responsible).toEqual({ name: "Olive Root" });
    const anonymous = makeBylines(
      sources({ persona, owner: { publicName: null, publicBio: null } }),
    );
    expect(anonymous.blogAuthor.responsible).toBeUndefined();
  });

  it("keeps a profile off the persona's page when their slugs meet", () => {
    const { authorOf } = makeBylines(
      sources({ persona, profiles: [profile("editor", "Mara Quell", "mara-quell")] }),
    );
    expect(authorOf({ authorId: "editor", source: "owner" })?.slug).toBe("mara-quell-editor");
  });
});
