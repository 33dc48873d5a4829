/**
 * CSRF: every mutating route, sent by a signed-in owner's browser from a page that is not the
 * app (a blog on the platform, a sandboxed `null` origin, another site, near misses of the app's
 * own origin), with a valid request on the owner's own rows. Each must meet the Origin check's 403.
 */
import { createOwner } from "../../../api/test/factories.ts";
import { startTestApp } from "../../../api/test/harness.ts";
import {
  changedRows,
  ownerCases,
  readerCases,
  seedOwner,
  snapshotDatabase,
} from "../../../api/test/owner-isolation-cases.ts";
import { listRoutes } from "../../../api/test/routes.ts";
import { renderPath } from "./isolation.ts";
import { type Figure, firstFew, type SecurityCheck } from "./report.ts";
import { validBodies } from "./requests.ts";

const mutating = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export const csrfCheck: SecurityCheck = {
  name: "csrf",
  async run() {
    const app = await startTestApp({ publishing: true });
    try {
      const port = new URL(app.baseUrl).port;
      const owner = await createOwner(app, "owner@example.com");
      const own = await seedOwner(owner, "Owner's blog");
      const domain = await owner.patch(`/api/blogs/${own.blogId}/domain`, {
        subdomain: "csrf-blog",
      });
      if (domain.status !== 200) throw new Error(`subdomain: ${domain.status} ${domain.text}`);
      await app.publishing?.queue.onIdle();

      const origins = [
        `http://csrf-blog.localhost:${port}`, // a blog on this platform
        "null", // sandboxed frames, data: URLs, some redirects
        "https://evil.example", // another site
        `http://127.0.0.1:${port}.evil.example`, // the app's origin as a prefix
        `https://127.0.0.1:${port}`, // another scheme
        `http://localhost:${port}`, // the same machine by another name
      ];

      const cases = [...ownerCases, ...readerCases];
      const routes = listRoutes(app.express).filter((route) => mutating.has(route.method));
      const before = await snapshotDatabase(app.db);
      let tried = 0;
      const passed: string[] = [];
      for (const route of routes) {
        const key = `${route.method} ${route.path}`;
        const known =
          cases.find((c) => c.method === route.method && c.path === route.path) ??
          cases.find((c) => c.path === route.path);
        const path = renderPath(
          route.path,
          known?.fill(own, own) ?? { id: own.blogId, blogId: own.blogId },
        );
        const body = validBodies[key]?.(own) ?? known?.body?.(own, own) ?? {};
        for (const origin of origins) {
          const res = await owner.request(route.method, path, { json: body, origin });
          tried++;
          const refused =
            res.status === 403 && (res.body as { code?: string })?.code === "cross_origin_refused";
          if (!refused)
            passed.push(`${route.method} ${path} with Origin ${origin} → ${res.status}`);
        }
      }
      await app.publishing?.queue.onIdle();
      const changed = changedRows(before, await snapshotDatabase(app.db));
      const changedCount = Object.values(changed).reduce((sum, n) => sum + n, 0);

      // The refusals come from the Origin check, not from a broken session or body: the same
      // request from the app's own page, and one without Origin (SameSite=Lax guards that), pass.
      const control = `/api/blogs/${own.blogId}/customization`;
      const sameSite = await owner.patch(control, { primaryColor: "#123456" });
      const noOrigin = await owner.patch(control, { primaryColor: "#654321" }, { origin: null });
      const controlsOk = sameSite.status === 200 && noOrigin.status === 200;

      return [
        {
          name: "csrf",
          text:
            `tried ${tried} (${routes.length} mutating routes × ${origins.length} origins: blog host, null,` +
            ` another site and 3 near misses), passed ${passed.length}, rows changed ${changedCount};` +
            ` control from the app's own origin ${sameSite.status}, without Origin ${noOrigin.status}`,
          ok: passed.length === 0 && changedCount === 0 && controlsOk,
          details: firstFew([
            ...passed,
            ...Object.entries(changed).map(([table, n]) => `${table}: ${n} row(s) changed`),
          ]),
        },
      ] satisfies Figure[];
    } finally {
      await app.close();
    }
  },
};
