import { describe, expect, it } from "vitest";
import { authorOf } from "./author.ts";
import { loadAuthor } from "./snapshot.ts";

describe("the author a snapshot shows (decisions 055, 203)", () => {
  it("is the same whether the transliteration library is loaded or not", async () => {
    const owners = [
      undefined,
      { publicName: null, publicBio: null },
      { publicName: "  Ada Lovelace ", publicBio: " Counts. " },
      { publicName: "Ünal Straße", publicBio: null },
      { publicName: "東京の書き手", publicBio: "bio" },
      { publicName: "!!!", publicBio: null },
      { publicName: "Zoë & Co.", publicBio: null },
    ];
    for (const owner of owners) {
      for (const blogName of ["Trail Notes", "Привет мир", ""]) {
        expect(await loadAuthor(owner, blogName)).toEqual(authorOf(owner, blogName));
      }
    }
    expect(await loadAuthor({ publicName: "Ünal Straße", publicBio: null }, "x")).toMatchObject({
      slug: "unal-strasse",
    });
    expect(await loadAuthor({ publicName: "!!!", publicBio: null }, "x")).toMatchObject({
      slug: "author",
    });
  });

  it("is the blog's persona when it has a name, never with the owner's bio (decision 333)", async () => {
    const owner = { publicName: "Rowan Vale", publicBio: "The owner's own bio." };
    const persona = {
      name: " Dr. Mara Quell ",
      bio: "Soil scientist.",
      credentials: "PhD in soil ecology",
      links: ["https://example.org/mara"],
    };
    for (const name of [persona.name, "Zoë Ünal", "東京の書き手"]) {
      const withName = { ...persona, name };
      expect(await loadAuthor(owner, "Blog", withName)).toEqual(authorOf(owner, "Blog", withName));
    }
    expect(await loadAuthor(owner, "Blog", persona)).toEqual({
      name: "Dr. Mara Quell",
      slug: "dr-mara-quell",
      bio: "Soil scientist.",
      credentials: "PhD in soil ecology",
      links: ["https://example.org/mara"],
    });
    expect(
      await loadAuthor(owner, "Blog", { name: "Mara", bio: null, credentials: null, links: [] }),
    ).toEqual({ name: "Mara", slug: "mara", bio: null });
    // Without a name, the persona's other fields show nowhere.
    expect(await loadAuthor(owner, "Blog", { ...persona, name: "  " })).toEqual({
      name: "Rowan Vale",
      slug: "rowan-vale",
      bio: "The owner's own bio.",
    });
  });
});
