import { Router } from "express";
import { type DomainInput, domainInput } from "../../../contracts/blogs.ts";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import { z } from "../../../contracts/zod.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { HttpError } from "../../http/errors.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { presentBlog } from "../blogs/presenter.ts";
import { type DomainDeps, isServedHost, updateDomain, verifyDomain } from "./service.ts";

const allowedQuery = z.object({ domain: z.string().trim().min(1).max(253) });

export function domainRoutes(deps: DomainDeps & { blogDomain: string }): Router {
  const router = Router();

  router.patch(
    "/api/blogs/:id/domain",
    requireUser,
    validate({ params: idParams, body: domainInput }),
    async (req, res) => {
      const { params, body } = inputOf<DomainInput, unknown, IdParams>(res);
      res.json(
        presentBlog(await updateDomain(deps, currentUser(req).id, params.id, body), deps.target),
      );
    },
  );

  router.post(
    "/api/blogs/:id/domain/verify",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(presentBlog(await verifyDomain(deps, currentUser(req).id, params.id), deps.target));
    },
  );

  // Caddy's on-demand TLS asks before getting a certificate: 200 for our hosts, 404 otherwise.
  router.get("/api/tls/allowed", validate({ query: allowedQuery }), async (_req, res) => {
    const { query } = inputOf<unknown, z.infer<typeof allowedQuery>>(res);
    if (!(await isServedHost(deps.db, deps.blogDomain, query.domain, deps.reservedLabels))) {
      throw new HttpError(404, "not_served", "This host is not served here");
    }
    res.json({ allowed: true });
  });

  return router;
}
