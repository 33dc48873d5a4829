/**
 * Sub-IDs (issue 18): a link may carry a template such as `{post}` or `{blog}-{post}` that the
 * `/go/` redirect puts into a query parameter the affiliate network reports back (Amazon `tag`,
 * Impact `subId1`, CJ `sid`, Awin `clickref`), so the network's report says which post earned.
 */
export type SubIdValues = { post: string; blog: string; link: string };

/** Networks and the parameter each reads a sub-ID from (a suggestion; any name is accepted). */
export const subIdParams = {
  amazon: "tag",
  impact: "subId1",
  cj: "sid",
  awin: "clickref",
} as const;

export function fillSubId(template: string, values: SubIdValues): string {
  return template.replace(/\{(post|blog|link)\}/g, (_, name: keyof SubIdValues) => values[name]);
}

/** The target with the sub-ID set (replacing one the URL already had). */
export function withSubId(url: string, param: string, template: string, values: SubIdValues) {
  const target = new URL(url);
  target.searchParams.set(param, fillSubId(template, values));
  return target.toString();
}

/**
 * What a click from newsletter issue `number` adds to the sub-ID (decision 373): the network's
 * report then says which issue earned, and the post is read from the rest as before.
 */
export const issueSubIdSuffix = (number: number) => `-nl${number}`;

/** A sub-ID without its newsletter issue's suffix, and the issue's number, when it has one. */
export function withoutIssueSuffix(subId: string): { subId: string; issue?: number } {
  const match = /^(.+)-nl(\d+)$/.exec(subId);
  return match ? { subId: match[1] as string, issue: Number(match[2]) } : { subId };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * What a sub-ID made from `template` names, for a blog whose slug is known: the post's slug
 * and the link's id (when the template has them), or undefined when it does not fit.
 */
export function readSubId(
  template: string,
  blogSlug: string,
  subId: string,
): { post?: string; link?: string } | undefined {
  const seen = new Set<string>();
  const pattern = template
    .split(/(\{(?:post|blog|link)\})/)
    .map((part) => {
      if (part === "{blog}") return escapeRegExp(blogSlug);
      if (part === "{post}" || part === "{link}") {
        const name = part.slice(1, -1);
        if (seen.has(name)) return `\\k<${name}>`;
        seen.add(name);
        return name === "post" ? "(?<post>.+?)" : "(?<link>[A-Za-z0-9_-]+?)";
      }
      return escapeRegExp(part);
    })
    .join("");
  const match = new RegExp(`^${pattern}$`, "i").exec(subId);
  if (!match) return undefined;
  return { post: match.groups?.post, link: match.groups?.link };
}
