import { Router } from "express";
import {
  type MarkNotificationsReadInput,
  markNotificationsReadInput,
  type NotificationsQuery,
  notificationsQuery,
} from "../../../contracts/notifications.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { Clock } from "../../auth/sessions.ts";
import type { Database } from "../../db/client.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { listNotifications, markNotificationsRead } from "./service.ts";

export function notificationRoutes({ db, clock }: { db: Database; clock: Clock }): Router {
  const router = Router();

  router.get(
    "/api/notifications",
    requireUser,
    validate({ query: notificationsQuery }),
    async (req, res) => {
      const { query } = inputOf<unknown, NotificationsQuery>(res);
      res.json(await listNotifications(db, currentUser(req).id, query));
    },
  );

  router.post(
    "/api/notifications/read",
    requireUser,
    validate({ body: markNotificationsReadInput }),
    async (req, res) => {
      const { body } = inputOf<MarkNotificationsReadInput>(res);
      res.json(await markNotificationsRead(db, clock, currentUser(req).id, body));
    },
  );

  return router;
}
