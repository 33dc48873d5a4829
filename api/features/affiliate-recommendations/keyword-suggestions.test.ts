import { describe, expect, it } from "vitest";
import { stopwordsOf } from "../internal-links/words.ts";
import { type KeywordContext, suggestKeywords } from "./keyword-suggestions.ts";

const trailPosts = [
  {
    title: "Choosing trail running shoes for muddy hills",
    content:
      "<p>Trail running shoes need grip. On muddy hills the lugs of trail running shoes decide whether you climb or slide.</p><h2>Fit</h2><p>Try trail running shoes late in the day, when feet are larger.</p>",
  },
  {
    title: "How long do trail running shoes last?",
    content:
      "<p>Most trail running shoes last 500 to 800 kilometres. Rotate two pairs of trail running shoes and each lasts longer.</p>",
  },
  {
    title: "Hydration vests for long trail runs",
    content:
      "<p>A hydration vest carries water and food. Pair a light hydration vest with your trail running shoes on runs over two hours.</p>",
  },
];

const amazon = {
  category: "Marketplace",
  description:
    "Link to almost any product on Amazon and earn on qualifying purchases made within 24 hours.",
};

async function context(over: Partial<KeywordContext> = {}): Promise<KeywordContext> {
  return {
    posts: trailPosts,
    niche: null,
    program: amazon,
    taken: [],
    stopwords: await stopwordsOf([]),
    ...over,
  };
}

describe("keywords for an approved program's link", () => {
  it("suggests the phrases the blog's posts repeat, the longest telling one first", async () => {
    const keywords = suggestKeywords(await context());
    expect(keywords[0]).toBe("trail running shoes");
    expect(keywords).toContain("hydration vest");
    expect(keywords).toContain("muddy hills");
    // Parts of a phrase that is nearly as frequent give way to it; stop words never start one.
    expect(keywords).not.toContain("running shoes");
    expect(keywords).not.toContain("trail");
    // A phrase met once, even in a title, is no keyword yet.
    expect(keywords).not.toContain("shoes for muddy");
    expect(keywords.every((k) => !/^(the|of|a|on|your)\b/.test(k))).toBe(true);
    expect(keywords.length).toBeLessThanOrEqual(5);
    for (const keyword of keywords) expect(keyword.toLowerCase()).not.toContain("amazon");
  });

  it("ranks phrases related to the program's category or the blog's niche higher", async () => {
    const posts = [
      {
        title: "Notes",
        content:
          "<p>Camping stove reviews. Sourdough bread again. Camping stove fuel. Sourdough bread crust. Sourdough bread timing.</p>",
      },
    ];
    const plain = suggestKeywords(await context({ posts }));
    expect(plain[0]).toBe("sourdough bread");
    const outdoor = suggestKeywords(
      await context({
        posts,
        program: { category: "Outdoor gear", description: "Camping equipment and clothing." },
      }),
    );
    expect(outdoor[0]).toBe("camping stove");
  });

  it("leaves out keywords the blog already links, whatever their case", async () => {
    const keywords = suggestKeywords(await context({ taken: ["Trail Running Shoes "] }));
    expect(keywords).not.toContain("trail running shoes");
    // Nor the same thing again in other words, which would overlap the link.
    expect(keywords).not.toContain("running shoes last");
    expect(keywords.slice(0, 2)).toEqual(["muddy hills", "hydration vest"]);
  });

  it("keeps how the posts write a word (accents included) and offers the niche when no post repeats one", async () => {
    const posts = [
      {
        title: "Café crème at home",
        content: "<p>A café crème is simple. My café crème recipe.</p>",
      },
    ];
    expect(suggestKeywords(await context({ posts }))[0]).toBe("café crème");
    expect(
      suggestKeywords(await context({ posts: [], niche: "Trail running gear and training" })),
    ).toEqual(["trail running gear"]);
    expect(suggestKeywords(await context({ posts: [], niche: null }))).toEqual([]);
  });
});
