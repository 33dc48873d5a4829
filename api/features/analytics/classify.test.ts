import { describe, expect, it } from "vitest";
import { browserOf, classifyReferrer, deviceOf, utmOf } from "./classify.ts";

describe("what a page view says about its reader", () => {
  it("names search engines, AI assistants and networks, and keeps other domains bare", () => {
    const own = "garden.blogs.test";
    const cases: [string | undefined, string, string][] = [
      ["https://www.google.com/search?q=barrel", "search", "Google"],
      ["https://www.google.co.uk/", "search", "Google"],
      ["https://gemini.google.com/app", "ai", "Gemini"],
      ["https://chatgpt.com/", "ai", "ChatGPT"],
      ["https://www.perplexity.ai/search", "ai", "Perplexity"],
      ["https://duckduckgo.com/", "search", "DuckDuckGo"],
      ["https://t.co/abc", "social", "X (Twitter)"],
      ["https://www.news.example.org/a/b?c=d", "site", "news.example.org"],
      ["http://garden.blogs.test/post/x", "", ""],
      ["android-app://com.example", "", ""],
      ["not a url", "", ""],
      [undefined, "", ""],
    ];
    for (const [referrer, kind, name] of cases) {
      expect(classifyReferrer(referrer, `${own}:8080`), String(referrer)).toEqual({ kind, name });
    }
  });

  it("reads UTM parameters, lower-cased and clipped", () => {
    expect(utmOf("?utm_source=News&utm_medium=Email&utm_campaign=Spring%20Sale&x=1")).toEqual({
      source: "news",
      medium: "email",
      campaign: "spring sale",
    });
    expect(utmOf(`?utm_source=${"a".repeat(300)}`).source).toHaveLength(100);
    expect(utmOf("")).toEqual({ source: "", medium: "", campaign: "" });
  });

  it("tells device classes and browser families apart", () => {
    const agents: [string, string, string][] = [
      [
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        "desktop",
        "Chrome",
      ],
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
        "desktop",
        "Edge",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
        "mobile",
        "Safari",
      ],
      [
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
        "tablet",
        "Safari",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
        "tablet",
        "Chrome",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
        "mobile",
        "Samsung Internet",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.0; rv:128.0) Gecko/20100101 Firefox/128.0",
        "desktop",
        "Firefox",
      ],
      ["curl-like thing", "desktop", "Other"],
    ];
    for (const [ua, device, browser] of agents) {
      expect([deviceOf(ua), browserOf(ua)], ua).toEqual([device, browser]);
    }
  });
});
