import { Router } from "express";
import { type BlogIdParams, blogIdParams } from "../../../contracts/ids.ts";
import { type BlogVoiceInput, blogVoiceInput } from "../../../contracts/voice.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { getBlogVoice, saveBlogVoice, type VoiceDeps } from "./service.ts";

/** The blog's voice for the AI writer (decision 333): persona, style guide, examples, material. */
export function voiceRoutes(deps: VoiceDeps): Router {
  const router = Router();

  router.get(
    "/api/blogs/:blogId/voice",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await getBlogVoice(deps.db, currentUser(req).id, params.blogId));
    },
  );

  router.put(
    "/api/blogs/:blogId/voice",
    requireUser,
    validate({ params: blogIdParams, body: blogVoiceInput }),
    async (req, res) => {
      const { params, body } = inputOf<BlogVoiceInput, unknown, BlogIdParams>(res);
      res.json(await saveBlogVoice(deps, currentUser(req).id, params.blogId, body));
    },
  );

  return router;
}
