import { useEffect } from "react";

export const productName = "Blogfleet";

/** Sets the tab title ("{page} · Blogfleet") while the page is shown. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = page ? `${page} · ${productName}` : `${productName} — AI blog platform`;
  }, [page]);
}

/** Sets the description meta tag (index.html ships a default one). */
export function useMetaDescription(content: string): void {
  useEffect(() => {
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    tag.content = content;
  }, [content]);
}
