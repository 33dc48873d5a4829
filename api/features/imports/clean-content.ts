/**
 * WordPress post bodies as a blog shows them: Gutenberg's block comments removed, shortcodes
 * cleaned (captions kept as figures, embeds and media kept as links, others reduced to their
 * text), classic posts' blank-line paragraphs made into <p> (WordPress's wpautop, simplified).
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] as string,
  );

const link = (url: string) => {
  const href = escapeHtml(url.trim());
  return `<p><a href="${href}">${href}</a></p>`;
};

const isUrl = (text: string) => /^https?:\/\/[^\s<>"]+$/.test(text.trim());

/** `[name a="b" c=d]` attributes. */
function shortcodeAttributes(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g)) {
    attributes[(m[1] as string).toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attributes;
}

function cleanShortcodes(html: string): string {
  let out = html;
  // [embed]url[/embed] and [video]/[audio] with a src: kept as links.
  out = out.replace(/\[embed[^\]]*\]([\s\S]*?)\[\/embed\]/gi, (_m, url: string) =>
    isUrl(url) ? link(url) : "",
  );
  out = out.replace(
    /\[(video|audio)([^\]]*)\](?:[\s\S]*?\[\/\1\])?/gi,
    (_m, _name: string, attrs: string) => {
      const a = shortcodeAttributes(attrs);
      const url = a.src ?? a.mp4 ?? a.mp3 ?? a.webm ?? a.ogg ?? "";
      return isUrl(url) ? link(url) : "";
    },
  );
  // [caption]<img …> Text[/caption]: a figure with its caption.
  out = out.replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_m, inner: string) => {
    const media = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
    if (!media) return inner;
    const caption = (media[2] ?? "").trim();
    return `<figure>${media[1]}${caption ? `<figcaption>${caption}</figcaption>` : ""}</figure>`;
  });
  // Anything else: the tags go, enclosed text stays. (A gallery has no text: it goes whole.)
  out = out.replace(/\[gallery[^\]]*\]/gi, "");
  out = out.replace(/\[\/?[a-z_][\w-]*(?:\s[^\]]*)?\/?\]/gi, "");
  return out;
}

/** Gutenberg embed blocks (`wp:embed`, older `wp:core-embed/youtube`…): a link to what was embedded. */
function cleanEmbedBlocks(html: string): string {
  return html.replace(
    /<!--\s*wp:(?:core-)?embed\b([^>]*?)-->([\s\S]*?)<!--\s*\/wp:(?:core-)?embed[\w/-]*\s*-->/gi,
    (_m, attrs: string, inner: string) => {
      let url = "";
      const json = attrs
        .slice(Math.max(0, attrs.indexOf("{")))
        .trim()
        .replace(/\/$/, "");
      try {
        url = String(
          (JSON.parse(json.startsWith("{") ? json : "{}") as { url?: string }).url ?? "",
        );
      } catch {
        // fall back to the URL in the markup
      }
      if (!url) url = (/https?:\/\/[^\s<>"]+/.exec(inner)?.[0] ?? "").replaceAll("&amp;", "&");
      return isUrl(url) ? link(url) : "";
    },
  );
}

/**
 * Gutenberg galleries before WordPress 5.9 list their images (`ul.blocks-gallery-grid` in the
 * gallery's figure; in 5.0–5.2 the `ul.wp-block-gallery` itself), which read as a bulleted list
 * once their classes are gone. They become Blogfleet's gallery, a figure of figures (decision
 * 353), as galleries since 5.9 already are.
 */
function galleryGrids(html: string): string {
  return html.replace(
    /<ul\b([^>]*)>((?:(?!<\/?ul\b)[\s\S])*)<\/ul>/gi,
    (whole, attributes: string, inner: string) => {
      const kind = /\bclass\s*=\s*["'][^"']*\b(blocks-gallery-grid|wp-block-gallery)\b/i.exec(
        attributes,
      )?.[1];
      if (!kind) return whole;
      const items = inner.replace(/<\/?li\b[^>]*>/gi, "").trim();
      return kind.toLowerCase() === "wp-block-gallery" ? `<figure>${items}</figure>` : items;
    },
  );
}

const blockTag =
  /^<(p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|thead|tbody|tr|td|th|hr|dl|dt|dd|section|article|aside|header|footer|nav|address|form|fieldset|details|iframe|video|audio|!--)/i;

/** Classic-editor bodies are text with blank lines between paragraphs (no <p>). */
function autop(html: string): string {
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk !== "")
    .map((chunk) => (blockTag.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, "<br>\n")}</p>`))
    .join("\n");
}

/** A bare URL alone on a line: WordPress embeds it (oEmbed); here it is a link. */
function bareUrlLines(html: string): string {
  return html.replace(/^[ \t]*(https?:\/\/[^\s<>"]+)[ \t]*$/gm, (_m, url: string) => link(url));
}

export function cleanWordPressContent(raw: string): string {
  const isBlocks = /<!--\s*wp:/.test(raw);
  let html = raw.replace(/\r\n?/g, "\n");
  html = cleanEmbedBlocks(html);
  // Block comments (`<!-- wp:paragraph {…} -->`, `<!-- /wp:… -->`, self-closing `/-->`).
  html = html.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, "");
  html = galleryGrids(html);
  html = cleanShortcodes(html);
  if (!isBlocks) html = autop(bareUrlLines(html));
  // The `<!--more-->` teaser mark and other comments.
  html = html.replace(/<!--[\s\S]*?-->/g, "");
  return html.replace(/\n{3,}/g, "\n\n").trim();
}

/** The image addresses a body names (`<img src>`), each once. */
export function imageUrlsOf(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const url = (m[2] ?? m[3] ?? "").trim();
    if (/^https?:\/\//i.test(url)) urls.add(url);
  }
  return [...urls];
}
