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
});
