import { type RequestHandler, Router } from "express";
import { type AutomationInput, automationInput } from "../../../contracts/automation.ts";
import {
  type BlogIdParams,
  blogIdParams,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import type { AiGate } from "../../ai/gate.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Database } from "../../db/client.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerMinute } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import type { Embeddings } from "../internal-links/embeddings.ts";
import {
  createAutomation,
  presentAutomation,
  readAutomation,
  updateAutomation,
} from "./service.ts";
import { suggestTopics } from "./topic-suggestions.ts";

const isDue = (row: { enabled: boolean; nextRunAt: Date | null }) =>
  row.enabled && row.nextRunAt !== null && row.nextRunAt.getTime() <= Date.now();

/**
 * `onDue` is told when a save leaves a generation due now (automation switched on for the
 * first time), so the job runs at once rather than at its next minute.
 */
export function automationRoutes(
  db: Database,
  onDue: () => void = () => {},
  limitStores?: RateLimitStores,
  /** The AI gate "Suggest topics" asks, and embeddings for the closeness rule (decision 341). */
  topicDeps?: { ai: AiGate; embeddings?: Embeddings },
): Router {
  const router = Router();
  // Switching automation off and on never makes a post due early (service), and is slowed too.
  const perOwner = perOwnerPerMinute(
    20,
    "Too many changes to content automation. Wait a minute and try again.",
    limitStores?.("automation-changes"),
  );
  // Creating and updating answer alike: the saved settings, and a due run started at once.
  const saveWith =
    (save: typeof createAutomation | typeof updateAutomation, status: 200 | 201): RequestHandler =>
    async (req, res) => {
      const { params, body } = inputOf<AutomationInput, unknown, IdParams>(res);
      const row = await save(db, currentUser(req).id, params.id, body, topicDeps?.embeddings);
      res.status(status).json(presentAutomation(row));
      if (isDue(row)) onDue();
    };

  router.get(
    "/api/blogs/:blogId/automation",
    requireUser,
    validate({ params: blogIdParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
      res.json(await readAutomation(db, currentUser(req).id, params.blogId));
    },
  );

  router.post(
    "/api/blogs/:id/automation",
    requireUser,
    perOwner,
    validate({ params: idParams, body: automationInput }),
    saveWith(createAutomation, 201),
  );

  router.patch(
    "/api/blogs/:id/automation",
    requireUser,
    perOwner,
    validate({ params: idParams, body: automationInput }),
    saveWith(updateAutomation, 200),
  );

  const perOwnerSuggestions = perOwnerPerMinute(
    10,
    "Too many topic suggestions. Wait a minute and try again.",
    limitStores?.("topic-suggestions"),
  );
  if (topicDeps)
    router.post(
      "/api/blogs/:blogId/automation/topic-suggestions",
      requireUser,
      perOwnerSuggestions,
      validate({ params: blogIdParams }),
      async (req, res) => {
        const { params } = inputOf<unknown, unknown, BlogIdParams>(res);
        res.json(await suggestTopics({ db, ...topicDeps }, currentUser(req).id, params.blogId));
      },
    );

  return router;
}
