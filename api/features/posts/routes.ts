import { type Request, Router } from "express";
import {
  type BlogIdParams,
  blogIdParams,
  entityId,
  type IdParams,
  idParams,
} from "../../../contracts/ids.ts";
import { type OriginalityInput, originalityInput } from "../../../contracts/originality.ts";
import { type BulkPostsInput, bulkPostsInput } from "../../../contracts/post-list.ts";
import {
  type CreatePostInput,
  createPostInput,
  type ListPostsQuery,
  listPostsQuery,
  type SavePendingChangesInput,
  type SchedulePostInput,
  savePendingChangesInput,
  schedulePostInput,
  type UpdatePostInput,
  type UpdatePostStatusInput,
  updatePostInput,
  updatePostStatusInput,
} from "../../../contracts/posts.ts";
import { z } from "../../../contracts/zod.ts";
import { currentUser, requireUser } from "../../auth/session-middleware.ts";
import type { RateLimitStores } from "../../http/pg-rate-limit-store.ts";
import { perOwnerPerMinute } from "../../http/rate-limit.ts";
import { inputOf, validate } from "../../http/validate.ts";
import { applyBulkPostAction } from "./bulk.ts";
import { changePostStatus } from "./commands/change-post-status.ts";
import { createPost } from "./commands/create-post.ts";
import { deletePost } from "./commands/delete-post.ts";
import { getPost } from "./commands/get-post.ts";
import { listPostPage } from "./commands/list-post-page.ts";
import { listPosts, listPostsWithContent } from "./commands/list-posts.ts";
import { schedulePost } from "./commands/schedule-post.ts";
import { updatePost } from "./commands/update-post.ts";
import { checkOriginality } from "./originality.ts";
import type { PostDeps, PostList } from "./post-rows.ts";
import { presentedAuthors, presentPost, presentPostPage, presentPostSummary } from "./presenter.ts";
import {
  discardPendingChanges,
  getPendingChanges,
  getRevision,
  listRevisions,
  savePendingChanges,
} from "./revisions.ts";
import { type Precondition, postETag } from "./versions.ts";

const authorOf = (list: PostList<unknown>, row: { authorId: string | null }) =>
  row.authorId ? list.authors.get(row.authorId) : undefined;

const revisionParams = z.object({ id: entityId, revisionId: entityId });
type RevisionParams = z.infer<typeof revisionParams>;

/** `If-Match` as sent, for the service to check against the post it reads. */
const preconditionOf = (req: Request, version?: number): Precondition => ({
  ifMatch: req.get("If-Match"),
  version,
});

export function postRoutes(deps: PostDeps & { limitStores?: RateLimitStores }): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/api/blogs/:blogId/posts",
    requireUser,
    validate({ params: blogIdParams, query: listPostsQuery }),
    async (req, res) => {
      const { params, query } = inputOf<unknown, ListPostsQuery, BlogIdParams>(res);
      const ownerId = currentUser(req).id;
      const filter = { q: query.q, status: query.status };
      if (query.limit !== undefined) {
        const page = await listPostPage(db, ownerId, params.blogId, {
          ...filter,
          limit: query.limit,
          cursor: query.cursor,
          sort: query.sort,
        });
        res.json(presentPostPage(page, presentedAuthors(page)));
      } else if (query.include === "content") {
        const list = await listPostsWithContent(db, ownerId, params.blogId, filter);
        res.json(
          list.posts.map((row) =>
            presentPost(row, authorOf(list, row), list.tags.get(row.id) ?? []),
          ),
        );
      } else {
        const list = await listPosts(db, ownerId, params.blogId, filter);
        const author = presentedAuthors(list);
        res.json(list.posts.map((row) => presentPostSummary(row, author(row))));
      }
    },
  );

  // One action on many posts of the blog, each through its single change (decision 355).
  router.post(
    "/api/blogs/:blogId/posts/bulk",
    requireUser,
    validate({ params: blogIdParams, body: bulkPostsInput }),
    async (req, res) => {
      const { params, body } = inputOf<BulkPostsInput, unknown, BlogIdParams>(res);
      res.json(await applyBulkPostAction(deps, currentUser(req), params.blogId, body));
    },
  );

  router.get("/api/posts/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    const { post, author, tags } = await getPost(db, currentUser(req), params.id);
    res.set("ETag", postETag(post)).json(presentPost(post, author, tags));
  });

  // The editor asks as the owner types (debounced); each answer compares stored fingerprints.
  const originalityPerOwner = perOwnerPerMinute(
    60,
    "Too many originality checks. Wait a minute and try again.",
    deps.limitStores?.("originality-checks"),
  );
  router.post(
    "/api/posts/originality",
    requireUser,
    originalityPerOwner,
    validate({ body: originalityInput }),
    async (req, res) => {
      const { body } = inputOf<OriginalityInput>(res);
      res.json(await checkOriginality(deps, currentUser(req).id, body));
    },
  );

  router.post("/api/posts", requireUser, validate({ body: createPostInput }), async (req, res) => {
    const { body } = inputOf<CreatePostInput>(res);
    const { post, author, tags } = await createPost(deps, currentUser(req), body);
    res.status(201).json(presentPost(post, author, tags));
  });

  router.patch(
    "/api/posts/:id",
    requireUser,
    validate({ params: idParams, body: updatePostInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdatePostInput, unknown, IdParams>(res);
      const { post, author, tags } = await updatePost(
        deps,
        currentUser(req),
        params.id,
        body,
        preconditionOf(req),
      );
      res.set("ETag", postETag(post)).json(presentPost(post, author, tags));
    },
  );

  router.patch(
    "/api/posts/:id/status",
    requireUser,
    validate({ params: idParams, body: updatePostStatusInput }),
    async (req, res) => {
      const { params, body } = inputOf<UpdatePostStatusInput, unknown, IdParams>(res);
      const { post, author, tags } = await changePostStatus(
        deps,
        currentUser(req),
        params.id,
        body.status,
        preconditionOf(req, body.version),
      );
      res.set("ETag", postETag(post)).json(presentPost(post, author, tags));
    },
  );

  router.patch(
    "/api/posts/:id/schedule",
    requireUser,
    validate({ params: idParams, body: schedulePostInput }),
    async (req, res) => {
      const { params, body } = inputOf<SchedulePostInput, unknown, IdParams>(res);
      const { post, author, tags } = await schedulePost(
        deps,
        currentUser(req),
        params.id,
        body.scheduledPublishAt,
      );
      res.json(presentPost(post, author, tags));
    },
  );

  // Edits of a published post kept apart from its live page until 'Update' (decision 096).
  router.get(
    "/api/posts/:id/pending-changes",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json({ pendingChanges: await getPendingChanges(db, currentUser(req).id, params.id) });
    },
  );
  router.put(
    "/api/posts/:id/pending-changes",
    requireUser,
    validate({ params: idParams, body: savePendingChangesInput }),
    async (req, res) => {
      const { params, body } = inputOf<SavePendingChangesInput, unknown, IdParams>(res);
      res.json({
        pendingChanges: await savePendingChanges(deps, currentUser(req).id, params.id, body),
      });
    },
  );
  router.delete(
    "/api/posts/:id/pending-changes",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      await discardPendingChanges(db, currentUser(req).id, params.id);
      res.status(204).end();
    },
  );

  router.get(
    "/api/posts/:id/revisions",
    requireUser,
    validate({ params: idParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, IdParams>(res);
      res.json(await listRevisions(db, currentUser(req).id, params.id));
    },
  );
  router.get(
    "/api/posts/:id/revisions/:revisionId",
    requireUser,
    validate({ params: revisionParams }),
    async (req, res) => {
      const { params } = inputOf<unknown, unknown, RevisionParams>(res);
      res.json(await getRevision(db, currentUser(req).id, params.id, params.revisionId));
    },
  );

  router.delete("/api/posts/:id", requireUser, validate({ params: idParams }), async (req, res) => {
    const { params } = inputOf<unknown, unknown, IdParams>(res);
    await deletePost(deps, currentUser(req).id, params.id);
    res.status(204).end();
  });

  return router;
}
