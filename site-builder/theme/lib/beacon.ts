import { createHash } from "node:crypto";

/**
 * The one script a public page runs (issue 18, decision 130): after the page is shown (not
 * while it is prerendered), it tells the blog's own host which page was viewed and from where.
 * Pages are cached by CDNs; this request never is, so every view is counted at the origin.
 * Its text never changes with the page (the page's facts are `data-` attributes on the tag),
 * so the Content-Security-Policy allows it by one hash and no other script can run.
 */
export const beaconScript =
  "(function(){var s=document.currentScript,d=s.dataset,h=new URL(d.home,location.href).href," +
  'b=JSON.stringify({p:"/"+location.pathname.slice(new URL(h).pathname.length),r:document.referrer,' +
  'q:location.search,s:+d.status||200,i:d.post||""});function g(){try{navigator.sendBeacon(h+"_hit",b)}' +
  'catch(e){}}document.prerendering?document.addEventListener("prerenderingchange",g,{once:true}):g()})()';

/** The CSP source that allows exactly `beaconScript`. */
export const beaconScriptHash = `'sha256-${createHash("sha256").update(beaconScript).digest("base64")}'`;

/** Where the beacon and the no-script image report, relative to the blog's home. */
export const hitPath = "/_hit";
export const hitImagePath = "/_hit.gif";

/**
 * The no-script image's address (relative to the page) for a page at `path`. Without a path
 * (a not-found page, served at any address) the server reads it from the image's Referer.
 */
export function hitImageHref(
  home: string,
  path: string | undefined,
  status: number,
  postId?: string,
) {
  const query = new URLSearchParams({ ...(path ? { p: path } : {}), s: String(status) });
  if (postId) query.set("i", postId);
  return `${home}${hitImagePath.slice(1)}?${query.toString()}`;
}
