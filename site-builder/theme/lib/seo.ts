import { decodeEntities } from "../../../contracts/content-text.ts";
import { mediaPath } from "../../../contracts/media-paths.ts";
import { cardHeight, cardWidth, homeCard, postCard } from "./cards.ts";
import { visibleFaq } from "./faq.ts";
import { fallbackVariant, type ThemeImage } from "./images.ts";
import {
  authorOfPost,
  authorsOf,
  categoryTrail,
  type Site,
  type ThemeAuthor,
  type ThemeCategory,
  type ThemeCitation,
  type ThemePost,
  type ThemeTag,
} from "./site.ts";
import { absoluteUrl, paths } from "./urls.ts";

/** Everything that goes into a public page's <head>, built in one place. */
export type Head = {
  title: string;
  description: string;
  canonical: string;
  robots?: string;
  feeds: { title: string; href: string }[];
  openGraph: Record<string, string>;
  twitter: Record<string, string>;
  jsonLd: Record<string, unknown>[];
};

const clip = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
};

const blogDescription = (site: Site) =>
  clip(site.blog.description || `Articles from ${site.blog.name}.`, 160);

/** A library image for other sites to fetch: absolute, in a format every crawler reads (JPEG/PNG). */
const absoluteImage = (site: Site, image: ThemeImage): ShareImage => {
  const file = fallbackVariant(image);
  return {
    url: absoluteUrl(site.canonicalBase, mediaPath(file.file)),
    width: file.width,
    height: file.height,
    alt: image.alt,
  };
};

/** The blog's logo as an absolute URL: the uploaded one, else the URL the owner gave. */
export function logoUrlOf(site: Site): string | undefined {
  if (site.blog.logo) return absoluteImage(site, site.blog.logo).url;
  return site.blog.logoUrl ?? undefined;
}

const publisher = (site: Site) => {
  const logo = logoUrlOf(site);
  return {
    "@type": "Organization",
    name: site.blog.name,
    ...(logo ? { logo: { "@type": "ImageObject", url: logo } } : {}),
  };
};

/**
 * Google's author markup: the name, and the author page as the url (decision 056), with what
 * the page says of the author: the bio, and credentials, profile pages and photo (decisions
 * 333, 368). `author`: the post's own author, else the blog's.
 */
function authorPerson(site: Site, author: ThemeAuthor = site.blog.author): Record<string, unknown> {
  return {
    "@type": "Person",
    name: author.name,
    url: absoluteUrl(site.canonicalBase, paths.author(author.slug)),
    ...(author.bio ? { description: author.bio } : {}),
    ...(author.credentials ? { jobTitle: author.credentials } : {}),
    ...(author.links && author.links.length > 0 ? { sameAs: author.links } : {}),
    ...(author.photo ? { image: absoluteImage(site, author.photo).url } : {}),
  };
}

/**
 * A persona's work names the person who answers for it (decision 368) as the work's
 * schema.org `accountablePerson`, with their author page when they have one.
 */
function accountablePerson(site: Site, author: ThemeAuthor): Record<string, unknown> {
  const { responsible } = author;
  if (!responsible) return {};
  return {
    accountablePerson: {
      "@type": "Person",
      name: responsible.name,
      ...(responsible.slug && authorsOf(site).has(responsible.slug)
        ? { url: absoluteUrl(site.canonicalBase, paths.author(responsible.slug)) }
        : {}),
    },
  };
}

/** An address as browsers resolve it, to compare two spellings of one; undefined if none. */
const resolvedUrl = (address: string) => {
  try {
    return new URL(address).href;
  } catch {
    return undefined;
  }
};

/**
 * The post's sources that its text links to (its citations and Sources list): a source the
 * owner has since removed from the text is not claimed in the JSON-LD.
 */
function citationsShown(post: ThemePost): ThemeCitation[] {
  if (!post.citations || post.citations.length === 0) return [];
  const linked = new Set<string>();
  for (const match of post.html.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const href = decodeEntities(match[1] ?? match[2] ?? "").trim();
    linked.add(resolvedUrl(href) ?? href);
  }
  return post.citations.filter((c) => linked.has(resolvedUrl(c.url) ?? c.url));
}

/** The FAQ the post shows, as FAQPage (decision 333); none when the page shows no FAQ. */
function faqPage(post: ThemePost, canonical: string): Record<string, unknown> | undefined {
  const entries = visibleFaq(post.html);
  if (entries.length === 0) return undefined;
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    url: canonical,
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: entry.answer },
    })),
  };
}

/** The image a shared link shows, with its size when known. */
export type ShareImage = { url: string; width?: number; height?: number; alt: string };

/**
 * The one place that chooses what a shared page shows (og:image, twitter:image, JSON-LD image):
 * a post's feature image when it has one, otherwise its social card; pages that are not a post
 * show the blog's card. Always an absolute URL on the blog's canonical host.
 */
export function shareImage(site: Site, post?: ThemePost): ShareImage {
  const feature = post?.featureImage;
  if (post && feature) {
    const image = absoluteImage(site, feature);
    return { ...image, alt: image.alt || post.title };
  }
  const card = post ? postCard(site, post) : homeCard(site);
  return {
    url: absoluteUrl(site.canonicalBase, `/${card.file}`),
    width: cardWidth,
    height: cardHeight,
    alt: card.title,
  };
}

function baseHead(
  site: Site,
  title: string,
  description: string,
  path: string,
  type: string,
  image: ShareImage = shareImage(site),
): Head {
  const canonical = absoluteUrl(site.canonicalBase, path);
  return {
    title,
    description,
    canonical,
    feeds: [
      { title: `${site.blog.name} RSS`, href: absoluteUrl(site.canonicalBase, paths.feed()) },
    ],
    openGraph: {
      "og:type": type,
      "og:title": title,
      "og:description": description,
      "og:url": canonical,
      "og:site_name": site.blog.name,
      "og:locale": "en_US",
      "og:image": image.url,
      ...(image.width && image.height
        ? { "og:image:width": String(image.width), "og:image:height": String(image.height) }
        : {}),
      "og:image:alt": image.alt,
    },
    twitter: {
      "twitter:card": "summary_large_image",
      "twitter:title": title,
      "twitter:description": description,
      "twitter:image": image.url,
      "twitter:image:alt": image.alt,
    },
    jsonLd: [],
  };
}

/** `page`: an archive page number, or undefined for the first page. */
export function homeHead(site: Site, page?: number): Head {
  const title = page ? `${site.blog.name} – Archive page ${page}` : site.blog.name;
  const head = baseHead(
    site,
    title,
    blogDescription(site),
    page ? paths.page(page) : "/",
    "website",
  );
  head.jsonLd.push({
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.blog.name,
    url: absoluteUrl(site.canonicalBase, "/"),
    ...(site.blog.description ? { description: site.blog.description } : {}),
    publisher: publisher(site),
  });
  return head;
}

function breadcrumbs(site: Site, trail: ThemeCategory[], last?: { name: string; path: string }) {
  const items = [
    { name: site.blog.name, path: "/" },
    ...trail.map((c) => ({ name: c.name, path: paths.category(c.slug) })),
    ...(last ? [last] : []),
  ];
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(site.canonicalBase, item.path),
    })),
  };
}

export function postHead(site: Site, post: ThemePost): Head {
  const title = clip(post.metaTitle || post.title, 70);
  const description = clip(post.metaDescription || post.excerpt || blogDescription(site), 160);
  const path = paths.post(post.slug);
  const image = shareImage(site, post);
  const head = baseHead(site, title, description, path, "article", image);
  if (site.preview) head.robots = "noindex, nofollow";
  head.openGraph["article:published_time"] = post.publishedAt.toISOString();
  head.openGraph["article:modified_time"] = post.updatedAt.toISOString();
  const category = post.categoryId ? site.categoriesById.get(post.categoryId) : undefined;
  if (category) head.openGraph["article:section"] = category.name;
  const citations = citationsShown(post);
  const author = authorOfPost(site, post);
  head.jsonLd.push({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: clip(post.title, 110),
    description,
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: authorPerson(site, author),
    ...accountablePerson(site, author),
    publisher: publisher(site),
    // The person who approved it (decision 371): schema.org's `reviewedBy` is the web page's.
    mainEntityOfPage: {
      "@type": "WebPage",
      "@id": head.canonical,
      ...(post.reviewer ? { reviewedBy: { "@type": "Person", name: post.reviewer.name } } : {}),
    },
    url: head.canonical,
    ...(post.keywords.length > 0 ? { keywords: post.keywords.join(", ") } : {}),
    ...(category ? { articleSection: category.name } : {}),
    image: image.url,
    ...(citations.length > 0
      ? {
          citation: citations.map((c) => ({ "@type": "CreativeWork", url: c.url, name: c.name })),
        }
      : {}),
  });
  head.jsonLd.push(
    breadcrumbs(site, categoryTrail(site, post.categoryId), { name: post.title, path }),
  );
  const faq = faqPage(post, head.canonical);
  if (faq) head.jsonLd.push(faq);
  return head;
}

export function categoryHead(site: Site, category: ThemeCategory, page?: number): Head {
  const name = page ? `${category.name} – Archive page ${page}` : category.name;
  const title = `${name} · ${site.blog.name}`;
  const description = clip(`Posts about ${category.name} on ${site.blog.name}.`, 160);
  const path = page ? paths.categoryArchive(category.slug, page) : paths.category(category.slug);
  const head = baseHead(site, title, description, path, "website");
  head.feeds.push({
    title: `${site.blog.name}: ${category.name} RSS`,
    href: absoluteUrl(site.canonicalBase, paths.categoryFeed(category.slug)),
  });
  head.jsonLd.push(breadcrumbs(site, categoryTrail(site, category.id)));
  return head;
}

/** A tag's page (issue 33): its posts, its feed, and the way back to the blog. */
export function tagHead(site: Site, tag: ThemeTag, page?: number): Head {
  const name = page ? `${tag.name} – Archive page ${page}` : tag.name;
  const title = `${name} · ${site.blog.name}`;
  const description = clip(`Posts tagged ${tag.name} on ${site.blog.name}.`, 160);
  const path = page ? paths.tagArchive(tag.slug, page) : paths.tag(tag.slug);
  const head = baseHead(site, title, description, path, "website");
  head.feeds.push({
    title: `${site.blog.name}: ${tag.name} RSS`,
    href: absoluteUrl(site.canonicalBase, paths.tagFeed(tag.slug)),
  });
  return head;
}

/** An author's page: a ProfilePage whose main entity is the author (decisions 056, 368). */
export function authorHead(site: Site, page?: number, author = site.blog.author): Head {
  const name = page ? `${author.name} – Archive page ${page}` : author.name;
  const title = `${name} · ${site.blog.name}`;
  const description = clip(author.bio || `Posts by ${author.name} on ${site.blog.name}.`, 160);
  const path = page ? paths.authorArchive(author.slug, page) : paths.author(author.slug);
  const head = baseHead(site, title, description, path, "profile");
  head.jsonLd.push({
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: head.canonical,
    mainEntity: authorPerson(site, author),
    ...accountablePerson(site, author),
  });
  return head;
}

export function notFoundHead(site: Site | undefined, title: string): Head {
  const base = site?.canonicalBase ?? "";
  return {
    title: site ? `${title} · ${site.blog.name}` : title,
    description: title,
    canonical: `${base}/`,
    robots: "noindex",
    feeds: [],
    openGraph: {},
    twitter: {},
    jsonLd: [],
  };
}

/** The blog's privacy page (issue 18): what its reader analytics count and keep. */
export function privacyHead(site: Site): Head {
  return baseHead(
    site,
    `Privacy · ${site.blog.name}`,
    `How ${site.blog.name} counts its readers: no cookies and no personal data.`,
    paths.privacy(),
    "website",
  );
}

/** The blog's subscribe page (decision 375): its e-mail list's form. */
export function subscribeHead(site: Site): Head {
  return baseHead(
    site,
    `Subscribe · ${site.blog.name}`,
    `Get new posts of ${site.blog.name} by e-mail.`,
    paths.subscribe(),
    "website",
  );
}
