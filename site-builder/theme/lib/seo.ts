import { categoryTrail, type Site, type ThemeCategory, type ThemePost } from "./site.ts";
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

const publisher = (site: Site) => ({
  "@type": "Organization",
  name: site.blog.name,
  ...(site.blog.logoUrl ? { logo: { "@type": "ImageObject", url: site.blog.logoUrl } } : {}),
});

/** Google's author markup: the name, and the author page as the url (decision 056). */
const authorPerson = (site: Site) => ({
  "@type": "Person",
  name: site.blog.author.name,
  url: absoluteUrl(site.canonicalBase, paths.author(site.blog.author.slug)),
});

function baseHead(
  site: Site,
  title: string,
  description: string,
  path: string,
  type: string,
): Head {
  const canonical = absoluteUrl(site.canonicalBase, path);
  const image = site.blog.logoUrl;
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
      ...(image ? { "og:image": image } : {}),
    },
    twitter: {
      "twitter:card": image ? "summary_large_image" : "summary",
      "twitter:title": title,
      "twitter:description": description,
      ...(image ? { "twitter:image": image } : {}),
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
  const head = baseHead(site, title, description, path, "article");
  if (site.preview) head.robots = "noindex, nofollow";
  head.openGraph["article:published_time"] = post.publishedAt.toISOString();
  head.openGraph["article:modified_time"] = post.updatedAt.toISOString();
  const category = post.categoryId ? site.categoriesById.get(post.categoryId) : undefined;
  if (category) head.openGraph["article:section"] = category.name;
  head.jsonLd.push({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: clip(post.title, 110),
    description,
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    author: authorPerson(site),
    publisher: publisher(site),
    mainEntityOfPage: { "@type": "WebPage", "@id": head.canonical },
    url: head.canonical,
    ...(post.keywords.length > 0 ? { keywords: post.keywords.join(", ") } : {}),
    ...(category ? { articleSection: category.name } : {}),
    ...(site.blog.logoUrl ? { image: site.blog.logoUrl } : {}),
  });
  head.jsonLd.push(
    breadcrumbs(site, categoryTrail(site, post.categoryId), { name: post.title, path }),
  );
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

/** The author page: a ProfilePage whose main entity is the author (decision 056). */
export function authorHead(site: Site, page?: number): Head {
  const { author } = site.blog;
  const name = page ? `${author.name} – Archive page ${page}` : author.name;
  const title = `${name} · ${site.blog.name}`;
  const description = clip(author.bio || `Posts by ${author.name} on ${site.blog.name}.`, 160);
  const path = page ? paths.authorArchive(author.slug, page) : paths.author(author.slug);
  const head = baseHead(site, title, description, path, "profile");
  head.jsonLd.push({
    "@context": "https://schema.org",
    "@type": "ProfilePage",
    url: head.canonical,
    mainEntity: {
      ...authorPerson(site),
      ...(author.bio ? { description: author.bio } : {}),
    },
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
