import { type RequestHandler, Router } from "express";
import type { GeneratedPost } from "../../../contracts/ai.ts";
import { type GenerationInput, generationInput } from "../../../contracts/generation.ts";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import type { AiGate } from "../../ai/gate.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import { closedSignal } from "../../http/closed-signal.ts";
import { HttpError, ValidationFailed } from "../../http/errors.ts";
import { inputOf, validate } from "../../http/validate.ts";
import {
  cancelGeneration,
  findOwnedGeneration,
  type GenerationQueue,
  generationOf,
  researchOf,
  startGeneration,
} from "./service.ts";

export type WriterRouteDeps = {
  db: Database;
  ai: AiGate;
  generations: GenerationQueue;
  /** The /api/ai routes' limit per owner (`aiRequestsPerOwner`). */
  perOwner: RequestHandler;
  /** How often `POST /api/ai/generate-post` looks whether its generation is done. */
  waitPollMs?: number;
};

const cancelled = () =>
  new HttpError(499, "cancelled", "The request was cancelled before it finished.");

export function writerRoutes(deps: WriterRouteDeps): Router {
  const router = Router();
  // Shared with the other /api/ai routes: a generation is many model calls.
  const { perOwner } = deps;

  // The AI writer as a job (issue 31): answers at once with the generation, whose progress
  // the generate dialog follows; a new post becomes a draft of the blog when it is done.
  router.post(
    "/api/ai/generations",
    requireUser,
    perOwner,
    validate({ body: generationInput }),
    async (req, res) => {
      const { body } = inputOf<GenerationInput>(res);
      if (!body.blogId && !body.postId)
        throw ValidationFailed([{ path: "blogId", message: "Choose the blog to write for" }]);
      const generation = await startGeneration(deps, currentUser(req).id, body, {
        createDraft: true,
      });
      res.status(202).json(generation);
    },
  );

  router.get(
    "/api/ai/generations/:id",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(generationOf(await findOwnedGeneration(deps.db, currentUser(req).id, params.id)));
    },
  );

  router.post(
    "/api/ai/generations/:id/cancel",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await cancelGeneration(deps.db, currentUser(req).id, params.id));
    },
  );

  // The sources and citations a post was written from, for the editor's claim checks.
  router.get(
    "/api/posts/:id/research",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await researchOf(deps.db, currentUser(req).id, params.id));
    },
  );

  // The one-call route (`POST /api/ai/generate-post`): the same writer, answered when it is done. The owner closing
  // the request cancels the generation.
  router.post(
    "/api/ai/generate-post",
    requireUser,
    perOwner,
    validate({ body: generationInput }),
    async (req, res) => {
      const ownerId = currentUser(req).id;
      const { body } = inputOf<GenerationInput>(res);
      const signal = closedSignal(res);
      const started = await startGeneration(deps, ownerId, body, { createDraft: false });
      for (;;) {
        const row = await findOwnedGeneration(deps.db, ownerId, started.id);
        if (row.status === "succeeded" && row.result) {
          const result = generationOf(row).result;
          if (!result) break;
          const answer: GeneratedPost = {
            title: result.title,
            content: result.content,
            metaTitle: result.metaTitle,
            metaDescription: result.metaDescription,
            suggestedKeywords: result.suggestedKeywords,
            slug: result.slug,
            source: result.source,
          };
          res.json(answer);
          return;
        }
        if (row.status === "failed") {
          const failure = generationOf(row).progress.failure;
          throw new HttpError(
            failure?.status ?? 500,
            failure?.code ?? "internal",
            row.error ?? "The writer failed.",
          );
        }
        if (row.status === "cancelled") throw cancelled();
        if (signal.aborted) {
          await cancelGeneration(deps.db, ownerId, started.id);
          throw cancelled();
        }
        await new Promise((r) => setTimeout(r, deps.waitPollMs ?? 150));
      }
      throw new HttpError(500, "internal", "The writer failed.");
    },
  );

  return router;
}
