/**
 * Cross-site and embedded requests (issue 13, findings 6 and 7): every GET route under /api
 * loaded as an image, script, style, frame… (same-origin, as from a post read under
 * /blog/{slug}/), sign-out reached from other sites, and /go/{id} embedded in other pages.
 */
import { request } from "node:http";
import { createBlog, createOwner } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import { listRoutes } from "../../../api/test/routes.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const subresources = [
  "image",
  "script",
  "style",
  "iframe",
  "frame",
  "font",
  "object",
  "embed",
  "audio",
  "video",
  "worker",
  "track",
  "manifest",
];
const browser =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

export const fetchMetadataCheck: SecurityCheck = {
  name: "fetch metadata",
  async run() {
    const app = await startTestApp({ publishing: true, env: { BLOG_DOMAIN: "blogs.test" } });
    try {
      const owner = await createOwner(app);
      const blog = await createBlog(owner);
      // GET /api/* as subresources of a page on the app's own origin, signed in.
      const gets = listRoutes(app.express).filter(
        (r) => r.method === "GET" && r.path.startsWith("/api/"),
      );
      const answered: string[] = [];
      let tried = 0;
      for (const route of gets) {
        const path = route.path.replace(/:(\w+)/g, blog.id).replace(/\{\*\w+\}/g, "x");
        for (const dest of subresources) {
          const res = await owner.get(path, {
            headers: {
              "sec-fetch-site": "same-origin",
              "sec-fetch-mode": "no-cors",
              "sec-fetch-dest": dest,
            },
          });
          tried++;
          if (res.status !== 403) answered.push(`GET ${path} as ${dest} → ${res.status}`);
        }
      }
      const signedIn = (await owner.get("/api/auth/user")).status === 200;

      // /api/logout from other sites, as a link (navigation) and as a subresource.
      const signedOut: string[] = [];
      const logoutTries = [
        {
          "sec-fetch-site": "cross-site",
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
        },
        {
          "sec-fetch-site": "same-site",
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
        },
        { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
        { "sec-fetch-site": "same-origin", "sec-fetch-mode": "no-cors", "sec-fetch-dest": "image" },
        {
          "sec-fetch-site": "cross-site",
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "iframe",
        },
      ];
      for (const headers of logoutTries) {
        await owner.get("/api/logout", { headers });
        if ((await owner.get("/api/auth/user")).status !== 200) {
          signedOut.push(`GET /api/logout with ${JSON.stringify(headers)} signed the owner out`);
          break;
        }
      }
      // Control: the dashboard's own link still signs out.
      const link = await owner.get("/api/logout", {
        headers: {
          "sec-fetch-site": "same-origin",
          "sec-fetch-mode": "navigate",
          "sec-fetch-dest": "document",
        },
      });
      const linkWorks = link.status === 302 && (await owner.get("/api/auth/user")).status === 401;

      // /go/{id} embedded in another site's page.
      const clicker = await createOwner(app);
      const clickBlog = await createBlog(clicker);
      await clicker.patch(`/api/blogs/${clickBlog.id}/domain`, { subdomain: "clicks" });
      const target = (
        await clicker.post("/api/affiliate-links", {
          blogId: clickBlog.id,
          keyword: "rain barrel",
          url: "https://shop.example.com/barrel",
        })
      ).body;
      const embeds = [
        ["no-cors", "image"],
        ["no-cors", "script"],
        ["no-cors", "style"],
        ["navigate", "iframe"],
        ["cors", "empty"],
        ["no-cors", "empty"],
      ];
      let redirected = 0;
      for (const [mode, dest] of embeds) {
        for (let i = 0; i < 5; i++) {
          const status = await visit(app.baseUrl, `/go/${target.id}`, "clicks.blogs.test", {
            "sec-fetch-site": "cross-site",
            "sec-fetch-mode": mode as string,
            "sec-fetch-dest": dest as string,
            "x-forwarded-for": `203.0.113.${i + 1}`,
          });
          if (status === 302) redirected++;
        }
      }
      const counted = (await clicker.get(`/api/affiliate-links/${target.id}/clicks`)).body.total;
      const navigation = await visit(app.baseUrl, `/go/${target.id}`, "clicks.blogs.test", {
        "sec-fetch-site": "cross-site",
        "sec-fetch-mode": "navigate",
        "sec-fetch-dest": "document",
      });
      const afterNavigation = (await clicker.get(`/api/affiliate-links/${target.id}/clicks`)).body
        .total;
      const embedded = embeds.length * 5;

      return [
        {
          name: "api as a subresource",
          text: `answered ${answered.length} of ${tried} (${gets.length} GET routes × ${subresources.length} destinations: image, script, style, frames…, same-origin, signed in); owner still signed in: ${signedIn ? "yes" : "no"}`,
          ok: answered.length === 0 && signedIn,
          details: firstFew(answered),
        },
        {
          name: "sign-out from elsewhere",
          text: `signed out ${signedOut.length} of ${logoutTries.length} (links from other sites ask first; images and frames refused); control: the dashboard's link signs out ${linkWorks ? "yes" : "no"}`,
          ok: signedOut.length === 0 && linkWorks,
          details: signedOut,
        },
        {
          name: "forced affiliate clicks",
          text: `embedded /go/ requests counted ${counted} of ${embedded}, redirected ${redirected} of ${embedded}; control: a navigation redirected ${navigation} and counted ${afterNavigation - counted}`,
          ok:
            counted === 0 &&
            redirected === 0 &&
            navigation === 302 &&
            afterNavigation - counted === 1,
        },
      ] satisfies Figure[];
    } finally {
      await app.close();
    }
  },
};

function visit(baseUrl: string, path: string, host: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const url = new URL(baseUrl);
    request(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        headers: { host, "user-agent": browser, ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    )
      .on("error", reject)
      .end();
  });
}
