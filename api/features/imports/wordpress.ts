import { SaxesParser } from "saxes";
import { importLimits, pageSkipReason } from "../../../contracts/imports.ts";
import { cleanWordPressContent } from "./clean-content.ts";
import {
  BadImportFile,
  decodeEntities,
  decodeSlug,
  type ImportSource,
  type SourceCategory,
  type SourceItem,
} from "./source.ts";

type RawItem = {
  fields: Record<string, string>;
  categories: { domain: string; nicename: string; name: string }[];
  meta: Record<string, string>;
};

/** WordPress's GMT dates ("2013-01-11 20:22:19"; "0000-00-00 00:00:00" when unset). */
function wpDate(gmt: string | undefined, fallback?: string): string | null {
  const value = gmt?.trim();
  if (value && !value.startsWith("0000")) {
    const date = new Date(`${value.replace(" ", "T")}Z`);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  if (fallback) {
    const date = new Date(fallback);
    if (!Number.isNaN(date.getTime())) return date.toISOString();
  }
  return null;
}

/** Yoast titles are templates ("%%title%% %%sep%% %%sitename%%"): the post's own words stay. */
function seoTitle(template: string | undefined, title: string): string | null {
  if (!template?.trim()) return null;
  const text = template
    .replace(/%%title%%/g, title)
    .replace(/%title%/g, title)
    .replace(/%%?[a-z_]+%%?/gi, "")
    .replace(/\s*[-|–—·•]\s*$/g, "")
    .replace(/\s{2,}/g, " ")
    .trim();
  return text || null;
}

const itemTypes = new Set(["post", "page"]);

function toSourceItem(raw: RawItem, baseUrl: string, title: string): SourceItem {
  const f = raw.fields;
  const type = f["wp:post_type"] ?? "post";
  const status = f["wp:status"] ?? "publish";
  const id = f["wp:post_id"] ?? f.guid ?? title;
  const publishedAt = wpDate(f["wp:post_date_gmt"], f.pubDate);
  const focus = [raw.meta._yoast_wpseo_focuskw, raw.meta.rank_math_focus_keyword]
    .filter((v): v is string => Boolean(v?.trim()))
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter(Boolean);
  // WordPress's tags become the post's tags; only the SEO plugins' focus keywords are keywords.
  const tags = raw.categories
    .filter((c) => c.domain === "post_tag")
    .map((c) => decodeEntities(c.name).trim())
    .filter(Boolean);
  const keywords = [...new Set(focus)];
  const item: SourceItem = {
    key: `wordpress:${baseUrl}:${id}`,
    kind: type === "page" ? "page" : "post",
    title: title || "(untitled)",
    html: cleanWordPressContent(f["content:encoded"] ?? ""),
    excerpt: decodeEntities((f["excerpt:encoded"] ?? "").replace(/<[^>]*>/g, "")).trim(),
    // Anything not public becomes a draft: the owner decides (decision 143).
    status: status === "publish" && type === "post" ? "published" : "draft",
    publishedAt,
    modifiedAt: wpDate(f["wp:post_modified_gmt"]),
    scheduledAt:
      status === "future" && publishedAt && Date.parse(publishedAt) > Date.now()
        ? publishedAt
        : null,
    slug: decodeSlug(f["wp:post_name"] ?? ""),
    authorName: f["dc:creator"]?.trim() || null,
    categoryKeys: raw.categories.filter((c) => c.domain === "category").map((c) => c.nicename),
    keywords,
    tags,
    metaTitle: seoTitle(raw.meta._yoast_wpseo_title ?? raw.meta.rank_math_title, title),
    metaDescription:
      (raw.meta._yoast_wpseo_metadesc ?? raw.meta.rank_math_description)?.trim() || null,
    oldUrls: status === "publish" && f.link ? [f.link] : [],
  };
  if (!itemTypes.has(type)) {
    item.skipReason =
      type === "attachment"
        ? "attachment: media files are fetched where posts use them"
        : `not content (${type})`;
  } else if (status === "trash" || status === "auto-draft" || status === "inherit") {
    item.skipReason = `status ${status}`;
  } else if (type === "page") {
    // Not posts: an 'About' or 'Front Page' in the post stream misleads readers (decision 353).
    item.skipReason = pageSkipReason;
  }
  return item;
}

/**
 * A WordPress export (WXR), parsed as a stream with saxes: no DTD is read and no entity other
 * than XML's five is known, so a DOCTYPE (entity expansion, external entities) is refused, as is
 * an element's text past `importLimits.elementChars` or more than `importLimits.items` items.
 */
export function parseWordPress(file: Buffer): ImportSource {
  const parser = new SaxesParser({ position: false });
  const stack: string[] = [];
  let text = "";
  let baseUrl = "";
  const categories: SourceCategory[] = [];
  const items: SourceItem[] = [];
  let category: Record<string, string> | undefined;
  let item: RawItem | undefined;
  let itemCategory: { domain: string; nicename: string } | undefined;
  let meta: { key?: string; value?: string } | undefined;
  let sawRss = false;

  parser.on("doctype", () => {
    throw BadImportFile(
      "The file declares a DOCTYPE. WordPress exports have none, and declarations can expand entities without end, so the file is refused.",
    );
  });
  parser.on("opentag", (tag) => {
    const name = tag.name;
    if (stack.length === 0) sawRss = name === "rss";
    stack.push(name);
    text = "";
    if (name === "wp:category" && stack[stack.length - 2] === "channel") category = {};
    else if (name === "item") {
      if (items.length >= importLimits.items)
        throw BadImportFile(`The file holds more than ${importLimits.items} items.`);
      item = { fields: {}, categories: [], meta: {} };
    } else if (item && name === "category" && stack[stack.length - 2] === "item") {
      const attrs = tag.attributes as Record<string, string>;
      itemCategory = { domain: attrs.domain ?? "", nicename: attrs.nicename ?? "" };
    } else if (item && name === "wp:postmeta") meta = {};
  });
  const onText = (chunk: string) => {
    text += chunk;
    if (text.length > importLimits.elementChars) {
      throw BadImportFile(
        `An element of the file holds more than ${importLimits.elementChars.toLocaleString("en-US")} characters; no post is that long.`,
      );
    }
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", (tag) => {
    const name = tag.name;
    const parent = stack[stack.length - 2];
    if (name === "wp:base_blog_url" && parent === "channel") baseUrl = text.trim();
    else if (category && parent === "wp:category") category[name] = text.trim();
    else if (name === "wp:category" && category) {
      const slug = decodeSlug(category["wp:category_nicename"] ?? "");
      if (slug)
        categories.push({
          key: slug,
          slug,
          name: decodeEntities(category["wp:cat_name"] ?? "") || slug,
          parentKey: decodeSlug(category["wp:category_parent"] ?? "") || null,
        });
      category = undefined;
    } else if (meta && parent === "wp:postmeta") {
      if (name === "wp:meta_key") meta.key = text.trim();
      if (name === "wp:meta_value") meta.value = text;
    } else if (item && name === "wp:postmeta" && meta) {
      if (meta.key) item.meta[meta.key] = meta.value ?? "";
      meta = undefined;
    } else if (item && name === "category" && itemCategory) {
      item.categories.push({
        domain: itemCategory.domain,
        nicename: decodeSlug(itemCategory.nicename),
        name: text,
      });
      itemCategory = undefined;
    } else if (item && parent === "item") item.fields[name] = text;
    else if (name === "item" && item) {
      const title = decodeEntities(item.fields.title ?? "").trim();
      items.push(toSourceItem(item, baseUrl, title));
      item = undefined;
    }
    stack.pop();
    text = "";
  });

  try {
    // Fed in pieces, as it would be from a stream: memory grows with an element, not the file.
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const piece = 64 * 1024;
    for (let at = 0; at < file.length; at += piece) {
      parser.write(decoder.decode(file.subarray(at, at + piece), { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof Error && "status" in error) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw BadImportFile(
      /entity/i.test(message)
        ? "The file uses an entity XML does not define. WordPress exports use only XML's own entities, so the file is refused."
        : `The file is not well-formed XML (${message.slice(0, 200)}). Export it again from WordPress (Tools → Export).`,
    );
  }
  if (!sawRss || !baseUrl) {
    throw BadImportFile(
      "This XML file is not a WordPress export (no <rss> with wp:base_blog_url). Export it from WordPress under Tools → Export.",
    );
  }
  return { format: "wordpress", categories, items };
}
