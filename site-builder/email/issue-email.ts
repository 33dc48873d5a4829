import { convert } from "html-to-text";
import juice from "juice";
import { textColorOn } from "../../contracts/color-contrast.ts";
import { imagesIn } from "../../contracts/content-images.ts";
import { type MediaVariant, mediaPath } from "../../contracts/media-paths.ts";
import { fontStack } from "../theme/lib/fonts.ts";
import { accessibleShade, safeColor } from "../theme/lib/format.ts";
import type { ThemeImage } from "../theme/lib/images.ts";
import type { Site, ThemePost } from "../theme/lib/site.ts";
import { absoluteUrl, paths } from "../theme/lib/urls.ts";

/*
 * A newsletter issue as an e-mail (decision 373): the post (or the week's posts) in the blog's
 * colour, logo and font stack, in a layout mail programs draw alike (one centred column of
 * tables, CSS inlined by juice), images as absolute addresses of their e-mail-sized file, and
 * a plain-text part. Pages for browsers go through Astro; an e-mail is not a page (no scripts,
 * no web fonts, no relative links), so it is made here from the same site data.
 */

/**
 * Stands for each recipient's own unsubscribe address until the message is sent: an address no
 * one can own (RFC 2606), so it survives CSS inlining and the plain-text conversion as written.
 */
export const unsubscribePlaceholder = "https://unsubscribe.invalid/";

export type IssueEmail = { subject: string; html: string; text: string };

/** Widest image file an e-mail uses: mail columns are 600 pixels, twice that for sharp screens. */
const emailImageWidth = 1200;
/** The column's width in CSS pixels. */
const columnWidth = 600;

const escapeHtml = (value: string) =>
  value.replace(
    /[&"<>]/g,
    (c) => ({ "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" })[c] as string,
  );

/** The JPEG or PNG file of an image closest to the e-mail width (mail programs lack AVIF/WebP). */
export function emailVariant(image: ThemeImage): MediaVariant | undefined {
  const usable = image.variants
    .filter((v) => v.format === "jpeg" || v.format === "png")
    .sort((a, b) => a.width - b.width);
  return usable.filter((v) => v.width <= emailImageWidth).pop() ?? usable[0];
}

/** An `<img>` of a library image for an e-mail: absolute, at most the column's width. */
function emailImage(site: Site, image: ThemeImage, alt: string): string {
  const file = emailVariant(image);
  if (!file) return "";
  const width = Math.min(columnWidth, file.width);
  const height = Math.round((file.height * width) / file.width);
  const src = absoluteUrl(site.canonicalBase, mediaPath(file.file));
  return `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" class="image">`;
}

/**
 * A post body for an e-mail: library images become their e-mail file, other images are kept
 * with an absolute address; every link becomes absolute (bodies link relative to the post's
 * page), and links through the blog's affiliate redirect (`/go/…`) carry the issue, so their
 * clicks are counted for it.
 */
export function emailBody(site: Site, post: ThemePost, issueId: string): string {
  const page = absoluteUrl(site.canonicalBase, paths.post(post.slug));
  const absolute = (href: string) => {
    try {
      return new URL(href, page).toString();
    } catch {
      return href;
    }
  };
  let html = "";
  let at = 0;
  for (const image of imagesIn(post.html)) {
    html += post.html.slice(at, image.start);
    at = image.end;
    const known = image.mediaHash ? site.media.get(image.mediaHash) : undefined;
    const alt = image.alt?.trim() ? image.alt : (known?.alt ?? "");
    html += known
      ? emailImage(site, known, alt)
      : `<img src="${escapeHtml(absolute(image.src))}" alt="${escapeHtml(alt)}" class="image">`;
  }
  html += post.html.slice(at);
  const goPrefix = `${site.canonicalBase}/go/`;
  return html.replace(/(<a\b[^>]*?\shref=")([^"]*)(")/gi, (_all, open, href: string, close) => {
    let target = absolute(href.replaceAll("&amp;", "&"));
    if (target.startsWith(goPrefix)) {
      const url = new URL(target);
      url.searchParams.set("i", issueId);
      target = url.toString();
    }
    return `${open}${escapeHtml(target)}${close}`;
  });
}

/** The blog's look as the e-mail's style sheet (inlined afterwards). */
function styleSheet(site: Site): string {
  const primary = safeColor(site.blog.primaryColor);
  const ink = accessibleShade(primary, "#ffffff");
  const font = fontStack(site.blog.fontFamily);
  return `
body { margin: 0; padding: 0; background: #f4f1ec; }
.outer { width: 100%; background: #f4f1ec; }
.column { width: 100%; max-width: ${columnWidth}px; background: #ffffff; }
.header { background: ${primary}; color: ${textColorOn(primary)}; padding: 20px 28px; font-family: ${font}; font-size: 20px; font-weight: bold; }
.header a { color: ${textColorOn(primary)}; text-decoration: none; }
.content { padding: 28px; font-family: ${font}; font-size: 17px; line-height: 1.6; color: #1f1d1a; }
.content h1 { font-size: 28px; line-height: 1.25; margin: 0 0 16px; }
.content h2 { font-size: 22px; line-height: 1.3; margin: 28px 0 12px; }
.content h3 { font-size: 19px; margin: 24px 0 10px; }
.content p { margin: 0 0 16px; }
.content a { color: ${ink}; }
.content img, .image { max-width: 100%; height: auto; display: block; margin: 0 0 16px; border: 0; }
.content table { border-collapse: collapse; width: 100%; margin: 0 0 16px; }
.content th, .content td { border: 1px solid #ddd6cc; padding: 6px 8px; text-align: left; }
.content blockquote { margin: 0 0 16px; padding-left: 14px; border-left: 3px solid ${primary}; color: #4a4640; }
.content a.button { display: inline-block; background: ${primary}; color: ${textColorOn(primary)}; padding: 10px 18px; border-radius: 4px; text-decoration: none; font-weight: bold; }
.summary { margin: 0 0 24px; }
.summary h2 { margin: 0 0 6px; }
.footer { padding: 20px 28px; font-family: ${font}; font-size: 13px; line-height: 1.5; color: #5f5a52; }
.footer a { color: #5f5a52; }
`;
}

/** The header: the logo (as an image) or the blog's name, linking to its home. */
function header(site: Site): string {
  const home = `${site.canonicalBase}/`;
  const name = escapeHtml(site.blog.name);
  const logo = site.blog.logo ? emailVariant(site.blog.logo) : undefined;
  const mark = logo
    ? `<img src="${escapeHtml(absoluteUrl(site.canonicalBase, mediaPath(logo.file)))}" alt="${name}" height="40" style="height: 40px; width: auto; border: 0;">`
    : site.blog.logoUrl?.startsWith("https://")
      ? `<img src="${escapeHtml(site.blog.logoUrl)}" alt="${name}" height="40" style="height: 40px; width: auto; border: 0;">`
      : name;
  return `<a href="${escapeHtml(home)}">${mark}</a>`;
}

/** The whole message around `content`, CSS inlined, with its plain-text part. */
function wrap(site: Site, subject: string, preheader: string, content: string): IssueEmail {
  const blogName = escapeHtml(site.blog.name);
  const document = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title><style>${styleSheet(site)}</style></head>
<body><div class="preheader" style="display: none; max-height: 0; overflow: hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" class="outer" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" class="column" cellpadding="0" cellspacing="0">
<tr><td class="header">${header(site)}</td></tr>
<tr><td class="content">${content}</td></tr>
<tr><td class="footer">You receive this because you subscribed to ${blogName} at <a href="${escapeHtml(`${site.canonicalBase}/`)}">${escapeHtml(site.canonicalBase.replace(/^https?:\/\//, ""))}</a>.<br><a href="${unsubscribePlaceholder}">Unsubscribe</a> with one click.</td></tr>
</table></td></tr></table></body></html>`;
  const html = juice(document, {
    removeStyleTags: true,
    preserveMediaQueries: false,
    applyHeightAttributes: false,
    applyWidthAttributes: false,
  });
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: "img", format: "skip" },
      { selector: "title", format: "skip" },
      { selector: "div.preheader", format: "skip" },
      { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
      { selector: "table.outer", format: "block" },
      { selector: "table.column", format: "block" },
    ],
  }).replace(/\n{3,}/g, "\n\n");
  return { subject, html, text };
}

/** The e-mail of one post: its title, feature image, whole body, and a link to the page. */
export function postEmail(site: Site, post: ThemePost, issueId: string): IssueEmail {
  const page = absoluteUrl(site.canonicalBase, paths.post(post.slug));
  const feature = post.featureImage
    ? emailImage(site, post.featureImage, post.featureImage.alt)
    : "";
  const content = `<h1>${escapeHtml(post.title)}</h1>${feature}${emailBody(site, post, issueId)}
<p><a class="button" href="${escapeHtml(page)}">Read it on ${escapeHtml(site.blog.name)}</a></p>`;
  return wrap(site, post.title, post.excerpt, content);
}

/** The weekly digest: each post's title, excerpt and link, newest first. */
export function digestEmail(site: Site, posts: ThemePost[]): IssueEmail {
  const subject = `${site.blog.name}: this week's posts`;
  const items = posts
    .map((post) => {
      const page = escapeHtml(absoluteUrl(site.canonicalBase, paths.post(post.slug)));
      const image = post.featureImage
        ? `<a href="${page}">${emailImage(site, post.featureImage, post.featureImage.alt)}</a>`
        : "";
      return `<div class="summary">${image}<h2><a href="${page}">${escapeHtml(post.title)}</a></h2><p>${escapeHtml(post.excerpt)}</p><p><a href="${page}">Read more</a></p></div>`;
    })
    .join("\n");
  const content = `<h1>This week on ${escapeHtml(site.blog.name)}</h1>${items}`;
  return wrap(site, subject, posts.map((p) => p.title).join(" · "), content);
}

/** A message of an issue for one recipient: their own unsubscribe address put in. */
export function forRecipient(email: IssueEmail, unsubscribeUrl: string) {
  return {
    html: email.html.replaceAll(unsubscribePlaceholder, escapeHtml(unsubscribeUrl)),
    text: email.text.replaceAll(unsubscribePlaceholder, unsubscribeUrl),
  };
}
