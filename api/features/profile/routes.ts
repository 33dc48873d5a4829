import { Router } from "express";
import { type PostsPreferencesInput, postsPreferencesInput } from "../../../contracts/post-list.ts";
import { type PublicProfileInput, publicProfileInput } from "../../../contracts/profile.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { ContentEvents } from "../publishing/content-events.ts";
import { getPostsPreferences, updatePostsPreferences } from "./preferences.ts";
import { getPublicProfile, updatePublicProfile } from "./service.ts";

/** The owner's public author identity (decision 055); the provider's fields stay read-only. */
export function profileRoutes(deps: {
  db: Database;
  contentEvents: ContentEvents;
  /** Told after the user's row changed (signed-in users kept in memory are read again). */
  onUserChanged?: (userId: string) => void;
}): Router {
  const router = Router();

  router.get("/api/auth/profile", requireUser, async (req, res) => {
    res.json(await getPublicProfile(deps.db, currentUser(req).id));
  });

  router.patch(
    "/api/auth/profile",
    requireUser,
    validate({ body: publicProfileInput }),
    async (req, res) => {
      const { body } = inputOf<PublicProfileInput>(res);
      const userId = currentUser(req).id;
      const profile = await updatePublicProfile(deps, userId, body);
      deps.onUserChanged?.(userId);
      res.json(profile);
    },
  );

  // All Posts' view and sort (decision 355): the person's, so they follow them to any browser.
  router.get("/api/profile/preferences", requireUser, async (req, res) => {
    res.json(await getPostsPreferences(deps.db, currentUser(req).id));
  });

  router.patch(
    "/api/profile/preferences",
    requireUser,
    validate({ body: postsPreferencesInput }),
    async (req, res) => {
      const { body } = inputOf<PostsPreferencesInput>(res);
      const userId = currentUser(req).id;
      const preferences = await updatePostsPreferences(deps.db, userId, body);
      deps.onUserChanged?.(userId);
      res.json(preferences);
    },
  );

  return router;
}
