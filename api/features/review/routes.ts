import { type Response, Router } from "express";
import { type IdParams, idParams } from "../../../contracts/ids.ts";
import {
  type ApprovePostInput,
  type AssignReviewerInput,
  approvePostInput,
  assignReviewerInput,
  type PostNoteInput,
  postNoteInput,
  type RequestChangesInput,
  type ReviewQueueQuery,
  requestChangesInput,
  reviewQueueQuery,
} from "../../../contracts/review.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { getPost } from "../posts/commands/get-post.ts";
import type { AuthorRow, PostDeps } from "../posts/post-rows.ts";
import { presentPost } from "../posts/presenter.ts";
import { postETag } from "../posts/versions.ts";
import { approvePost, assignReviewer, requestChanges } from "./decisions.ts";
import { notesOf, writeNote } from "./notes.ts";
import { reviewQueue } from "./queue.ts";

/**
 * The review queue (decision 371): posts under review across the blogs a person reviews,
 * editorial notes on a post, assignment, "Request changes", "Approve & publish" and
 * "Approve & schedule". A decision answers the post as `GET /api/posts/{id}` does.
 */
export function reviewRoutes(deps: PostDeps): Router {
  const { db } = deps;
  const router = Router();

  const answerPost = async (res: Response, user: AuthorRow, id: string) => {
    const { post, author, tags } = await getPost(db, user, id);
    res.set("ETag", postETag(post)).json(presentPost(post, author, tags));
  };

  router.get(
    "/api/review-queue",
    requireUser,
    validate({ query: reviewQueueQuery }),
    async (req, res) => {
      const { query } = inputOf<unknown, ReviewQueueQuery>(res);
      res.json(await reviewQueue(db, currentUser(req).id, query));
    },
  );

  router.get(
    "/api/posts/:id/notes",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await notesOf(db, currentUser(req).id, params.id));
    },
  );

  router.post(
    "/api/posts/:id/notes",
    requireUser,
    validate({ params: idParams, body: postNoteInput }),
    async (req, res) => {
      const { params, body } = inputOf<PostNoteInput, unknown, IdParams>(res);
      res.status(201).json(await writeNote(db, currentUser(req).id, params.id, body));
    },
  );

  router.put(
    "/api/posts/:id/assignee",
    requireUser,
    validate({ params: idParams, body: assignReviewerInput }),
    async (req, res) => {
      const { params, body } = inputOf<AssignReviewerInput, unknown, IdParams>(res);
      const user = currentUser(req);
      await assignReviewer(deps, user, params.id, body.userId);
      await answerPost(res, user, params.id);
    },
  );

  router.post(
    "/api/posts/:id/request-changes",
    requireUser,
    validate({ params: idParams, body: requestChangesInput }),
    async (req, res) => {
      const { params, body } = inputOf<RequestChangesInput, unknown, IdParams>(res);
      const user = currentUser(req);
      await requestChanges(deps, user, params.id, body);
      await answerPost(res, user, params.id);
    },
  );

  router.post(
    "/api/posts/:id/approve",
    requireUser,
    validate({ params: idParams, body: approvePostInput }),
    async (req, res) => {
      const { params, body } = inputOf<ApprovePostInput, unknown, IdParams>(res);
      const user = currentUser(req);
      await approvePost(deps, user, params.id, body);
      await answerPost(res, user, params.id);
    },
  );

  return router;
}
