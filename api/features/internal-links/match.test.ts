import { describe, expect, it } from "vitest";
import type { BlogRow } from "../blogs/service.ts";
import { bestAnchor, lexicalScore, searchTermsOf, sectionWordsOf, targetWordsOf } from "./match.ts";
import { readDraft, sectionText } from "./sections.ts";
import { linkedSlug } from "./service.ts";
import { sameWord, searchStem, stopwordsOf } from "./words.ts";

const english = await stopwordsOf(
  "the a of and to in is it for on with as this that are be by from at or an".split(" "),
);

function anchorIn(html: string, title: string, keywords: string[] = [], index = 0) {
  const section = readDraft(html).sections[index];
  if (!section) throw new Error("no such section");
  const words = sectionWordsOf(section, sectionText(section), english);
  const target = targetWordsOf(title, keywords, english);
  const anchor = bestAnchor(words, target, english);
  return { anchor, score: anchor ? lexicalScore(words, target, anchor) : 0 };
}

describe("words", () => {
  it("treats a word and its forms with a short ending as one word", () => {
    expect(sameWord("tomato", "tomatoes")).toBe(true);
    expect(sameWord("watering", "water")).toBe(true);
    expect(sameWord("composting", "compost")).toBe(true);
    expect(sameWord("car", "cart")).toBe(false);
    expect(sameWord("rose", "rosemary")).toBe(false);
    expect(searchStem("watering")).toBe("water");
    expect(searchStem("tomatoes")).toBe("tomat");
    expect(searchStem("bin")).toBe("bin");
  });

  it("tells a text's language by its stop words", async () => {
    const german = await stopwordsOf(
      "der die und ist nicht mit dem den das ein eine auch auf für sich von zu es wird aus".split(
        " ",
      ),
    );
    expect(german.has("und")).toBe(true);
    expect(english.has("the")).toBe(true);
    expect(english.has("bokashi")).toBe(false);
  });
});

describe("anchors", () => {
  it("takes the run of the section's words that covers most of the title, as written", () => {
    const { anchor, score } = anchorIn(
      "<p>Tomatoes need water. Water Tomato  Plants deeply in a heatwave.</p>",
      "Watering Tomato Plants in a Heatwave",
    );
    expect(anchor).toEqual({ text: "Water Tomato Plants", strength: 0.75 });
    expect(score).toBeCloseTo(0.875);
  });

  it("keeps a title's stop words inside an anchor, never at its ends", () => {
    expect(anchorIn("<p>The bed of roses grows.</p>", "A Bed of Roses").anchor?.text).toBe(
      "bed of roses",
    );
    expect(anchorIn("<p>Of roses, of course.</p>", "A Bed of Roses").anchor?.text).toBe("roses");
  });

  it("does not join words across punctuation or tags", () => {
    expect(anchorIn("<p>A raised. Bed here.</p>", "Raised Bed Gardening").anchor?.text).toBe(
      "raised",
    );
    expect(
      anchorIn("<p>A <em>raised</em> bed here.</p>", "Raised Bed Gardening").anchor?.text,
    ).toBe("raised");
  });

  it("offers a keyword of the target as written in the section", () => {
    const { anchor } = anchorIn("<p>Red wigglers make vermicompost fast.</p>", "Worm Composting", [
      "vermicompost",
    ]);
    expect(anchor).toEqual({ text: "vermicompost", strength: 0.5 });
  });

  it("finds nothing when only short or stop words are shared, or only in headings and links", () => {
    expect(anchorIn("<p>Put it in the bin.</p>", "The Bin").anchor).toBeNull();
    expect(anchorIn("<p>How to do it.</p>", "How to Compost").anchor).toBeNull();
    expect(
      anchorIn('<h3>Bokashi bin</h3><p><a href="x">bokashi bin</a></p>', "Bokashi Bin").anchor,
    ).toBeNull();
  });

  it("searches a section's heaviest words (a heading's count three times)", () => {
    const section = readDraft("<h2>Mulch</h2><p>Straw straw straw and leaves.</p>").sections[1];
    if (!section) throw new Error("no section");
    expect(searchTermsOf(section, english)).toEqual([
      { stem: "mulch", weight: 3 },
      { stem: "straw", weight: 3 },
      { stem: "leave", weight: 1 },
    ]);
  });
});

describe("links to the blog's posts already in a draft", () => {
  const blog = { slug: "garden", subdomain: "garden", customDomain: "garden.example" } as BlogRow;
  const slugOf = (href: string) => linkedSlug(href, blog, "blogs.test");

  it("reads relative, subdomain, custom domain and app addresses of the blog's posts", () => {
    expect(slugOf("../post/bokashi-bin")).toBe("bokashi-bin");
    expect(slugOf("/post/bokashi-bin/")).toBe("bokashi-bin");
    expect(slugOf("https://garden.blogs.test/post/bokashi-bin")).toBe("bokashi-bin");
    expect(slugOf("https://GARDEN.example/post/bokashi-bin")).toBe("bokashi-bin");
    expect(slugOf("http://localhost:3000/blog/garden/post/bokashi-bin")).toBe("bokashi-bin");
    expect(slugOf("../post/%E6%97%A5%E6%9C%AC")).toBe("日本");
  });

  it("ignores other sites, other blogs on the app and pages that are not posts", () => {
    expect(slugOf("https://example.com/post/bokashi-bin")).toBeNull();
    expect(slugOf("https://other.blogs.test/post/bokashi-bin")).toBeNull();
    expect(slugOf("/blog/other/post/bokashi-bin")).toBeNull();
    expect(slugOf("../category/bins")).toBeNull();
    expect(slugOf("mailto:a@example.com")).toBeNull();
    expect(slugOf("../post/%E0")).toBeNull();
  });
});
