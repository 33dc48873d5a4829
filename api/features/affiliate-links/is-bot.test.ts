import { describe, expect, it } from "vitest";
import { isBot } from "./clicks.ts";

describe("isBot", () => {
  it("knows crawlers, AI crawlers and assistants, link previews, headless browsers and HTTP libraries", () => {
    const bots = [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "facebookexternalhit/1.1",
      "WhatsApp/2.23.20.0",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Twitterbot/1.0",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.0)",
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0",
      "ClaudeBot/1.0",
      "PerplexityBot/1.0",
      "CCBot/2.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36",
      "Chrome-Lighthouse",
      "python-requests/2.31",
      "curl/8.4.0",
      "node-fetch/1.0",
      "axios/1.6",
    ];
    expect(bots.filter((ua) => !isBot(ua))).toEqual([]);
    expect(isBot(undefined)).toBe(true);
  });

  it("lets people's browsers through", () => {
    const people = [
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0",
    ];
    expect(people.filter((ua) => isBot(ua))).toEqual([]);
  });
});
