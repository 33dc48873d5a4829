import { Router } from "express";
import {
  type AuthorParams,
  type AuthorProfileInput,
  authorParams,
  authorProfileInput,
} from "../../../contracts/authors.ts";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { type AuthorDeps, getOwnProfile, listAuthors, saveProfile } from "./service.ts";

/**
 * Public author profiles per person and blog (decision 368): the team lists them, each person
 * edits their own, the owner (`members.manage`) anyone's.
 */
export function authorRoutes(deps: AuthorDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/api/blogs/:blogId/authors",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await listAuthors(db, currentUser(req).id, params.blogId));
    },
  );

  router.get(
    "/api/blogs/:blogId/authors/me",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await getOwnProfile(db, currentUser(req).id, params.blogId));
    },
  );

  router.put(
    "/api/blogs/:blogId/authors/me",
    requireUser,
    validate({ params: blogIdParams, body: authorProfileInput }),
    async (req, res) => {
      const { params, body } = inputOf<AuthorProfileInput, unknown, BlogIdParams>(res);
      const me = currentUser(req).id;
      res.json(await saveProfile(deps, me, params.blogId, me, body));
    },
  );

  router.put(
    "/api/blogs/:blogId/authors/:userId",
    requireUser,
    validate({ params: authorParams, body: authorProfileInput }),
    async (req, res) => {
      const { params, body } = inputOf<AuthorProfileInput, unknown, AuthorParams>(res);
      res.json(await saveProfile(deps, currentUser(req).id, params.blogId, params.userId, body));
    },
  );

  return router;
}
