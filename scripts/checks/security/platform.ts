/**
 * Platform hosts (issue 13, finding 1): blogs must never take a host the platform answers on.
 * The dashboard (`cms.localhost`) and the CNAME target (`sites.localhost`) live under the blog
 * domain here, the one layout start-up still allows (local names); every spelling of their labels
 * is tried as a subdomain, a blog is planted on each label directly in the database, and the
 * dashboard's paths are requested on those hosts. Start-up is tried with same-site layouts.
 */
import { eq } from "drizzle-orm";
import { blogs } from "../../../api/db/schema.ts";
import { InvalidEnvironmentError, parseEnv } from "../../../api/env.ts";
import { createBlog } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import { rawRequest } from "./raw-http.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";

const appOrigin = "http://cms.localhost:3000";
const labels = ["cms", "sites"];
const spellings = (label: string) => [
  label,
  label.toUpperCase(),
  ` ${label} `,
  `${label[0]?.toUpperCase()}${label.slice(1)}`,
  `\t${label}`,
];
const dashboardPaths = [
  "/",
  "/auth/sign-in",
  "/api/auth/user",
  "/api/blogs",
  "/api/login",
  "/settings",
];

/** (APP_ORIGIN, BLOG_DOMAIN) pairs on one registrable domain: start-up must refuse each. */
const sameSiteLayouts = [
  ["https://cms.example.com", "example.com"],
  ["https://cms.example.com", "blogs.example.com"],
  ["https://example.com", "blogs.example.com"],
  ["https://app.example.com", "EXAMPLE.COM"],
  ["https://app.example.co.uk", "blogs.example.co.uk"],
  ["http://dash.example.org:8080", "example.org"],
];

export const platformHostCheck: SecurityCheck = {
  name: "platform hosts",
  async run() {
    const app = await startTestApp({
      publishing: true,
      env: {
        APP_ORIGIN: appOrigin,
        BLOG_DOMAIN: "localhost",
        DOMAIN_CNAME_TARGET: "sites.localhost",
      },
    });
    try {
      const port = Number(new URL(app.baseUrl).port);
      const owner = app.client({ origin: appOrigin });
      const signUp = await owner.post("/auth/sign-up", {
        email: "owner@example.com",
        password: "correct horse battery",
      });
      if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${signUp.text}`);
      const blog = await createBlog(owner, "Squatter");
      const claimed: string[] = [];
      let tried = 0;
      for (const label of labels) {
        for (const spelling of spellings(label)) {
          for (const field of ["subdomain", "customDomain"] as const) {
            const value = field === "subdomain" ? spelling : `${spelling.trim()}.localhost`;
            const res = await owner.patch(`/api/blogs/${blog.id}/domain`, { [field]: value });
            tried++;
            if (res.status < 400) claimed.push(`${field} ${JSON.stringify(value)} → ${res.status}`);
          }
        }
      }
      // A blog that holds the label anyway (set before the label was reserved).
      const served: string[] = [];
      let requests = 0;
      for (const label of labels) {
        await app.db.update(blogs).set({ subdomain: label }).where(eq(blogs.id, blog.id));
        for (const path of dashboardPaths) {
          for (const host of [
            `${label}.localhost`,
            `${label}.localhost:3000`,
            `${label.toUpperCase()}.localhost.`,
          ]) {
            const res = await rawRequest(port, "GET", path, [`Host: ${host}`]);
            requests++;
            if (res.body.includes("Squatter"))
              served.push(`${host}${path} → the blog (${res.status})`);
          }
        }
        const tls = await app.client().get(`/api/tls/allowed?domain=${label}.localhost`);
        requests++;
        if (tls.status === 200) served.push(`TLS allowed for ${label}.localhost`);
      }
      const accepted: string[] = [];
      for (const [origin, domain] of sameSiteLayouts) {
        try {
          parseEnv({ APP_ORIGIN: origin, BLOG_DOMAIN: domain });
          accepted.push(`APP_ORIGIN=${origin} BLOG_DOMAIN=${domain} started`);
        } catch (error) {
          if (!(error instanceof InvalidEnvironmentError)) throw error;
        }
      }
      // Control: the local default still starts, and a free label is still accepted.
      const control = await owner.patch(`/api/blogs/${blog.id}/domain`, { subdomain: "cms-notes" });
      let defaultsStart = true;
      try {
        parseEnv({});
        parseEnv({ BLOG_DOMAIN: "localhost" });
      } catch {
        defaultsStart = false;
      }
      return [
        {
          name: "platform hosts",
          text:
            `platform labels claimed ${claimed.length} of ${tried} tries (2 labels × 5 spellings × subdomain/custom domain);` +
            ` dashboard requests served by a blog holding the label ${served.length} of ${requests};` +
            ` same-site layouts started ${accepted.length} of ${sameSiteLayouts.length};` +
            ` control: free label ${control.status}, local defaults start ${defaultsStart ? "yes" : "no"}`,
          ok:
            claimed.length === 0 &&
            served.length === 0 &&
            accepted.length === 0 &&
            control.status === 200 &&
            defaultsStart,
          details: firstFew([...claimed, ...served, ...accepted]),
        },
      ] satisfies Figure[];
    } finally {
      await app.close();
    }
  },
};
