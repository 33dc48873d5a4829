import { importLimits, pageSkipReason } from "../../../contracts/imports.ts";
import { BadImportFile, type ImportSource, type SourceItem } from "./source.ts";

type Row = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : null);
const rows = (v: unknown): Row[] =>
  Array.isArray(v) ? v.filter((r): r is Row => typeof r === "object" && r !== null) : [];

const escapeAttr = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Ghost's gallery card (`figure.kg-gallery-card` > container > rows > `div.kg-gallery-image`)
 * as Blogfleet's gallery: a figure of one figure per image, then the caption (decision 353).
 * Without it the sanitizer unwraps the divs and the images run together in one figure.
 */
export function ghostGalleries(html: string): string {
  return html.replace(
    /<figure\b[^>]*\bkg-gallery-card\b[^>]*>([\s\S]*?)<\/figure>/gi,
    (whole, inner: string) => {
      const images = [
        ...inner.matchAll(/<div\b[^>]*\bkg-gallery-image\b[^>]*>([\s\S]*?)<\/div>/gi),
      ];
      if (images.length === 0) return whole;
      const caption = /<figcaption\b[\s\S]*?<\/figcaption>/i.exec(inner)?.[0] ?? "";
      return `<figure>${images.map((m) => `<figure>${(m[1] ?? "").trim()}</figure>`).join("")}${caption}</figure>`;
    },
  );
}

/**
 * A Ghost JSON export (Ghost 1–5: `{ db: [{ meta, data: { posts, tags, posts_tags, users,
 * posts_authors, posts_meta } }] }`). The primary tag becomes the category, every public tag a
 * tag of the post; the feature image is kept at the top of the body (Ghost's own importer is known for
 * dropping it); Ghost's `__GHOST_URL__` placeholder becomes a site-relative address.
 */
export function parseGhost(file: Buffer): ImportSource {
  let json: unknown;
  try {
    json = JSON.parse(file.toString("utf8"));
  } catch {
    throw BadImportFile(
      "The file is not valid JSON. Export the site again from Ghost (Settings → Labs → Export).",
    );
  }
  const root = json as { db?: unknown; data?: unknown };
  const db = Array.isArray(root.db) ? (root.db[0] as Row | undefined) : (root as Row);
  const data = (db?.data ?? undefined) as Row | undefined;
  if (!data || !Array.isArray(data.posts)) {
    throw BadImportFile(
      "This JSON file is not a Ghost export (no db[0].data.posts). Export it from Ghost under Settings → Labs → Export your content.",
    );
  }
  const posts = rows(data.posts);
  if (posts.length > importLimits.items)
    throw BadImportFile(`The file holds more than ${importLimits.items} posts.`);
  const tags = new Map(rows(data.tags).map((t) => [str(t.id), t]));
  const users = new Map(rows(data.users).map((u) => [str(u.id), str(u.name)]));
  const postTags = new Map<string, { tagId: string; order: number }[]>();
  for (const pt of rows(data.posts_tags)) {
    const postId = str(pt.post_id);
    const tagId = str(pt.tag_id);
    if (!postId || !tagId) continue;
    postTags.set(postId, [
      ...(postTags.get(postId) ?? []),
      { tagId, order: Number(pt.sort_order ?? 0) },
    ]);
  }
  const postAuthors = new Map<string, string>();
  for (const pa of rows(data.posts_authors)) {
    const postId = str(pa.post_id);
    if (postId && !postAuthors.has(postId) && Number(pa.sort_order ?? 0) === 0)
      postAuthors.set(postId, str(pa.author_id) ?? "");
  }
  const metas = new Map(rows(data.posts_meta).map((m) => [str(m.post_id), m]));
  const isPublicTag = (tag: Row | undefined) =>
    tag !== undefined && !str(tag.name)?.startsWith("#") && str(tag.visibility) !== "internal";

  const usedTags = new Set<string>();
  const items: SourceItem[] = posts.map((post) => {
    const id = str(post.id) ?? str(post.uuid) ?? "";
    const title = str(post.title)?.trim() || "(untitled)";
    const slug = str(post.slug) ?? "";
    const type = str(post.type) ?? (post.page === true || post.page === 1 ? "page" : "post");
    const status = str(post.status) ?? "draft";
    const ordered = [...(postTags.get(id) ?? [])].sort((a, b) => a.order - b.order);
    const publicTags = ordered.map((t) => tags.get(t.tagId)).filter(isPublicTag) as Row[];
    const primary = publicTags[0];
    if (primary && type !== "page") usedTags.add(str(primary.id) ?? "");
    const meta = metas.get(id);
    let html = ghostGalleries((str(post.html) ?? "").replaceAll("__GHOST_URL__", ""));
    const feature = str(post.feature_image)?.replaceAll("__GHOST_URL__", "");
    if (feature) html = `<figure><img src="${escapeAttr(feature)}" alt=""></figure>\n${html}`;
    const publishedAt = str(post.published_at);
    const authorId = postAuthors.get(id) ?? str(post.author_id) ?? "";
    const item: SourceItem = {
      key: `ghost:${str(post.uuid) ?? id}`,
      kind: type === "page" ? "page" : "post",
      title,
      html,
      excerpt: (str(post.custom_excerpt) ?? "").trim(),
      status: status === "published" && type !== "page" ? "published" : "draft",
      publishedAt: publishedAt ? new Date(publishedAt).toISOString() : null,
      modifiedAt: str(post.updated_at),
      scheduledAt:
        status === "scheduled" && publishedAt && Date.parse(publishedAt) > Date.now()
          ? new Date(publishedAt).toISOString()
          : null,
      slug,
      authorName: users.get(authorId) ?? null,
      categoryKeys: primary ? [str(primary.id) ?? ""] : [],
      keywords: [],
      tags: publicTags.map((t) => str(t.name) ?? "").filter(Boolean),
      metaTitle: str(meta?.meta_title) ?? str(post.meta_title),
      metaDescription: str(meta?.meta_description) ?? str(post.meta_description),
      oldUrls: status === "published" && type !== "page" && slug ? [`/${slug}/`] : [],
    };
    if (!["post", "page"].includes(type)) item.skipReason = `not content (${type})`;
    // Not posts: an 'About' page in the post stream misleads readers (decision 353).
    else if (type === "page") item.skipReason = pageSkipReason;
    return item;
  });
  const categories = [...usedTags].map((tagId) => {
    const tag = tags.get(tagId) as Row;
    return {
      key: tagId,
      name: str(tag.name) ?? "",
      slug: str(tag.slug) ?? "",
      parentKey: null,
    };
  });
  return { format: "ghost", categories, items };
}
