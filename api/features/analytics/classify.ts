/**
 * What a page view says about where the reader came from and what they read with, reduced to
 * a few coarse values (no full user agent, no full referring address is kept).
 */

/** Search engines and AI assistants by the host of the referring page (decision 130). */
const namedReferrers: readonly {
  pattern: RegExp;
  name: string;
  kind: "search" | "ai" | "social";
}[] = [
  // AI assistants first: some live on a search engine's domain (gemini.google.com).
  { pattern: /(^|\.)(chatgpt\.com|chat\.openai\.com)$/, name: "ChatGPT", kind: "ai" },
  { pattern: /(^|\.)perplexity\.ai$/, name: "Perplexity", kind: "ai" },
  { pattern: /(^|\.)claude\.ai$/, name: "Claude", kind: "ai" },
  { pattern: /(^|\.)gemini\.google\.com$/, name: "Gemini", kind: "ai" },
  { pattern: /(^|\.)copilot\.microsoft\.com$/, name: "Microsoft Copilot", kind: "ai" },
  { pattern: /(^|\.)chat\.deepseek\.com$/, name: "DeepSeek", kind: "ai" },
  { pattern: /(^|\.)(meta\.ai)$/, name: "Meta AI", kind: "ai" },
  { pattern: /(^|\.)(poe\.com)$/, name: "Poe", kind: "ai" },
  { pattern: /(^|\.)(you\.com)$/, name: "You.com", kind: "ai" },
  { pattern: /(^|\.)google\.[a-z.]+$/, name: "Google", kind: "search" },
  { pattern: /(^|\.)bing\.com$/, name: "Bing", kind: "search" },
  { pattern: /(^|\.)duckduckgo\.com$/, name: "DuckDuckGo", kind: "search" },
  { pattern: /(^|\.)search\.yahoo\.[a-z.]+$|(^|\.)yahoo\.com$/, name: "Yahoo", kind: "search" },
  { pattern: /(^|\.)yandex\.[a-z.]+$/, name: "Yandex", kind: "search" },
  { pattern: /(^|\.)baidu\.com$/, name: "Baidu", kind: "search" },
  { pattern: /(^|\.)ecosia\.org$/, name: "Ecosia", kind: "search" },
  { pattern: /(^|\.)search\.brave\.com$/, name: "Brave Search", kind: "search" },
  { pattern: /(^|\.)startpage\.com$/, name: "Startpage", kind: "search" },
  { pattern: /(^|\.)qwant\.com$/, name: "Qwant", kind: "search" },
  { pattern: /(^|\.)(facebook\.com|fb\.com|l\.facebook\.com)$/, name: "Facebook", kind: "social" },
  { pattern: /(^|\.)(t\.co|twitter\.com|x\.com)$/, name: "X (Twitter)", kind: "social" },
  { pattern: /(^|\.)linkedin\.com$|(^|\.)lnkd\.in$/, name: "LinkedIn", kind: "social" },
  { pattern: /(^|\.)reddit\.com$/, name: "Reddit", kind: "social" },
  { pattern: /(^|\.)pinterest\.[a-z.]+$/, name: "Pinterest", kind: "social" },
  { pattern: /(^|\.)news\.ycombinator\.com$/, name: "Hacker News", kind: "social" },
];

export type Referrer = { name: string; kind: "" | "search" | "ai" | "social" | "site" };

/**
 * The referrer of a page view: '' when there is none or it is the blog itself (a reader moving
 * between pages), a name for known engines, assistants and networks, else the bare domain.
 */
export function classifyReferrer(referrer: string | undefined, ownHost: string): Referrer {
  if (!referrer) return { name: "", kind: "" };
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return { name: "", kind: "" };
    host = url.hostname.toLowerCase();
  } catch {
    return { name: "", kind: "" };
  }
  const own = ownHost.toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
  if (host === own) return { name: "", kind: "" };
  const bare = host.replace(/^www\./, "");
  for (const known of namedReferrers) {
    if (known.pattern.test(bare)) return { name: known.name, kind: known.kind };
  }
  return { name: bare.slice(0, 253), kind: "site" };
}

/** A UTM value as kept: trimmed, lower case, at most 100 characters. */
const utmValue = (value: string | null) => (value ?? "").trim().toLowerCase().slice(0, 100);

export type Utm = { source: string; medium: string; campaign: string };

/** UTM source, medium and campaign of the page's address ('' when absent). */
export function utmOf(search: string): Utm {
  const params = new URLSearchParams(search);
  return {
    source: utmValue(params.get("utm_source") ?? params.get("ref")),
    medium: utmValue(params.get("utm_medium")),
    campaign: utmValue(params.get("utm_campaign")),
  };
}

export type Device = "mobile" | "tablet" | "desktop";

/** The device class a user agent names (decision 130: a short rule list, no UA library). */
export function deviceOf(userAgent: string): Device {
  if (/iPad|Tablet|PlayBook|Silk|Kindle|(Android(?!.*Mobile))/i.test(userAgent)) return "tablet";
  if (/Mobi|iPhone|iPod|Android|Windows Phone|BlackBerry|Opera Mini/i.test(userAgent))
    return "mobile";
  return "desktop";
}

/** The browser family a user agent names; order matters (Edge and Opera also say Chrome). */
export function browserOf(userAgent: string): string {
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return "Edge";
  if (/OPR\/|Opera/.test(userAgent)) return "Opera";
  if (/SamsungBrowser\//.test(userAgent)) return "Samsung Internet";
  if (/Firefox\/|FxiOS\//.test(userAgent)) return "Firefox";
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return "Chrome";
  if (/Safari\//.test(userAgent)) return "Safari";
  return "Other";
}
