import type { Blog } from "@contracts/blogs.ts";
import { type PostStatus, postStatuses, postStatusLabels } from "@contracts/limits.ts";
import { defaultPostSort, type PostSort, type PostsView } from "@contracts/post-list.ts";
import { can } from "@contracts/roles.ts";
import { FileTextIcon, LayoutGridIcon, ListIcon, SearchIcon, SearchXIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { GenerateWithAiButton } from "../../../components/generate-with-ai-button.tsx";
import { LazyChoiceSelect } from "../../../components/lazy-choice-select.tsx";
import { NewPostLink } from "../../../components/new-post-link.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { type CardPost, PostCard } from "../../../components/post-card.tsx";
import { PostsLoadError, PostsLoading } from "../../../components/posts-load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { useCategories } from "../../../lib/api/get-categories.ts";
import { allPostsPageSize, usePostPages } from "../../../lib/api/get-post-page.ts";
import { revalidatePostLists } from "../../../lib/api/get-posts.ts";
import { usePostsPreferences } from "../../../lib/api/get-posts-preferences.ts";
import { unpublishPost } from "../../../lib/api/unpublish-post.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useBulkPosts } from "../api/bulk-posts.ts";
import { useDeletePost } from "../api/delete-post.ts";
import { bulkOutcomeToast } from "./bulk-outcome.ts";
import { PostsTable } from "./posts-table.tsx";

type StatusFilter = "all" | PostStatus;

// The confirmations' code (Radix Dialog, focus and scroll locks) loads when one is first asked
// for, not with the first cards: the screen's module waits for every chunk it imports (decision 261).
const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/confirm-dialog.tsx")).ConfirmDialog,
}));
const UnpublishPostDialog = lazy(async () => ({
  default: (await import("../../../components/unpublish-post-dialog.tsx")).UnpublishPostDialog,
}));
const BulkActionDialog = lazy(async () => ({
  default: (await import("./bulk-action-dialog.tsx")).BulkActionDialog,
}));
type BulkAction = "status" | "category" | "delete";

/** Typing pauses this long before the server is asked (each answer takes a few ms). */
const searchDelayMs = 150;

/**
 * All Posts: search, status filter, cards with delete. The server searches
 * and filters and sends the list a page at a time (decision 100): a blog of 10,000 posts
 * shows its first cards as fast as one of ten. A dense list view sorts by column on the
 * server and acts on many posts at once; the view and sort are the person's (decision 355).
 */
export function PostsPage() {
  return <BlogScreen title="All Posts">{(blog) => <AllPosts blog={blog} />}</BlogScreen>;
}

function AllPosts({ blog }: { blog: Blog }) {
  const searchId = useId();
  const filterId = useId();
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const query = useDebouncedValue(search, searchDelayMs);
  // The person's view and sort, known before the first page is asked for (no flash of cards).
  const { preferences, error: preferencesError, change: changePreferences } = usePostsPreferences();
  const view: PostsView = preferences?.postsView ?? "cards";
  const sort: PostSort =
    view === "list" ? (preferences?.postsSort ?? defaultPostSort) : defaultPostSort;
  const pages = usePostPages(preferences || preferencesError ? blog.id : null, {
    q: query,
    status,
    limit: allPostsPageSize,
    sort,
  });
  const { data, error, isLoading, isValidating, mutate, size, setSize } = pages;
  const { data: categories, mutate: reloadCategories } = useCategories(blog.id);
  const { user } = useAuthUser();
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const { deletePost } = useDeletePost(blog.id);
  const [toDelete, setToDelete] = useState<CardPost | null>(null);
  const [toUnpublish, setToUnpublish] = useState<CardPost | null>(null);
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [bulkAction, setBulkAction] = useState<BulkAction | null>(null);
  const applyBulk = useBulkPosts(blog.id);
  // Unpublishing is for those who publish (decision 367); a writer sees only their own posts.
  const mayPublish = can(blog.role, "posts.publish", {
    writersCanPublish: blog.writersCanPublish,
    ownPost: true,
  });
  // Once asked for, a confirmation stays mounted: closing it plays its exit as before.
  const asked = useRef({ delete: false, unpublish: false });
  if (toDelete) asked.current.delete = true;
  if (toUnpublish) asked.current.unpublish = true;

  const categoryName = (id: string | null) =>
    id ? categories?.find((c) => c.id === id)?.name : undefined;
  const shown = data?.flatMap((page) => page.posts) ?? [];
  const counts = data?.[0]?.counts;
  const hasMore = Boolean(data?.at(-1)?.nextCursor);
  const loadingMore = isValidating && data !== undefined && size > data.length;
  const loadMore = () => {
    if (hasMore && !loadingMore) void setSize(size + 1);
  };
  const views = Object.assign({}, ...(data?.map((page) => page.views ?? {}) ?? [])) as Record<
    string,
    number
  >;
  // Only posts on screen stay selected (a search or filter may have hidden some).
  const chosen = shown.filter((post) => selected.has(post.id)).map((post) => post.id);

  async function confirmBulk(value: string) {
    if (!bulkAction) return;
    const input =
      bulkAction === "status"
        ? { ids: chosen, action: bulkAction, status: value as PostStatus }
        : bulkAction === "category"
          ? { ids: chosen, action: bulkAction, categoryId: value === noCategory ? null : value }
          : { ids: chosen, action: bulkAction };
    try {
      const result = await applyBulk(input);
      // This screen's own pages (an infinite list's key is not a plain path).
      void mutate();
      setBulkAction(null);
      setSelected(new Set());
      const categoryId = "categoryId" in input ? input.categoryId : null;
      toast(bulkOutcomeToast(result, (id) => categoryName(id) ?? "no category", categoryId));
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to change the posts"),
        variant: "destructive",
      });
      throw err;
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deletePost(toDelete.id);
      void mutate();
      setToDelete(null);
      toast({ title: "Post deleted", description: "The post has been deleted." });
    } catch (err) {
      setToDelete(null);
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to delete post"),
        variant: "destructive",
      });
    }
  }

  async function confirmUnpublish() {
    if (!toUnpublish) return;
    try {
      const post = await unpublishPost(toUnpublish.id);
      setToUnpublish(null);
      await globalMutate(`/api/posts/${encodeURIComponent(post.id)}`, post, { revalidate: false });
      void mutate();
      void revalidatePostLists(globalMutate, blog.id);
      toast({ title: "Post unpublished", description: `"${post.title}" is a draft again.` });
    } catch (err) {
      setToUnpublish(null);
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to unpublish post"),
        variant: "destructive",
      });
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="All Posts"
        description={`Search, filter and manage the posts of ${blog.name}.`}
        actions={
          <>
            <GenerateWithAiButton onGenerate={() => navigate("/editor?mode=ai")} />
            <NewPostLink />
          </>
        }
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search posts
          </label>
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search posts..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="pl-9"
          />
        </div>
        <span id={filterId} className="sr-only">
          Filter by status
        </span>
        <LazyChoiceSelect
          labelledBy={filterId}
          className="sm:w-48"
          value={status}
          onValueChange={(value) => setStatus(value as StatusFilter)}
          choices={[
            { value: "all", label: "All Status" },
            ...postStatuses.map((s) => ({ value: s, label: postStatusLabels[s] })),
          ]}
        />
        <ViewSwitch
          value={view}
          onChange={(postsView) => {
            setSelected(new Set());
            void changePreferences({ postsView }).catch((err: unknown) =>
              toast({
                title: "Error",
                description: errorMessage(err, "Failed to save the view"),
                variant: "destructive",
              }),
            );
          }}
        />
      </div>

      {view === "list" && chosen.length > 0 ? (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2"
        >
          <span className="mr-auto text-sm font-medium" aria-live="polite">
            {chosen.length} selected
          </span>
          <Button type="button" variant="outline" size="sm" onClick={() => setBulkAction("status")}>
            Change status
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              // Categories made elsewhere since this screen read them are offered too.
              void reloadCategories();
              setBulkAction("category");
            }}
          >
            Change category
          </Button>
          <Button
            type="button"
            variant="destructive"
            size="sm"
            onClick={() => setBulkAction("delete")}
          >
            Delete
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setSelected(new Set())}>
            Clear selection
          </Button>
        </div>
      ) : null}

      {(isLoading && !data) || (!preferences && !preferencesError) ? (
        <PostsLoading />
      ) : error && !data ? (
        <PostsLoadError error={error} onRetry={() => void mutate()} />
      ) : !counts || counts.all === 0 ? (
        <EmptyState icon="none" title="No posts yet" text="Get started by creating your first post">
          <NewPostLink className="mt-2">Create Post</NewPostLink>
        </EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState
          icon="search"
          title="No posts found"
          text="Try adjusting your search or filter criteria"
        />
      ) : view === "list" ? (
        <PostsTable
          posts={shown}
          views={views}
          categoryName={categoryName}
          currentUserId={user?.id}
          sort={sort}
          onSort={(postsSort) => {
            void changePreferences({ postsSort }).catch((err: unknown) =>
              toast({
                title: "Error",
                description: errorMessage(err, "Failed to save the sort"),
                variant: "destructive",
              }),
            );
          }}
          selected={selected}
          onSelectedChange={setSelected}
        />
      ) : (
        <ul aria-label="Posts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((post) => (
            <li key={post.id} className="flex *:flex-1">
              <PostCard
                post={post}
                categoryName={categoryName(post.categoryId)}
                currentUserId={user?.id}
                onDelete={setToDelete}
                onUnpublish={mayPublish ? setToUnpublish : undefined}
              />
            </li>
          ))}
        </ul>
      )}

      {hasMore ? (
        <LoadMore onVisible={loadMore}>
          <Button type="button" variant="outline" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? "Loading..." : "Load more posts"}
          </Button>
        </LoadMore>
      ) : null}

      <Suspense fallback={null}>
        {asked.current.delete ? (
          <ConfirmDialog
            open={toDelete !== null}
            onOpenChange={(open) => {
              if (!open) setToDelete(null);
            }}
            title="Delete Post"
            description="Are you sure you want to delete this post? This action cannot be undone."
            onConfirm={confirmDelete}
          />
        ) : null}
        {bulkAction ? (
          <BulkActionDialog
            key={bulkAction}
            open
            action={bulkAction}
            count={chosen.length}
            choices={
              bulkAction === "status"
                ? postStatuses.map((s) => ({ value: s, label: postStatusLabels[s] }))
                : [
                    ...(categories ?? []).map((c) => ({ value: c.id, label: c.name })),
                    { value: noCategory, label: "No category" },
                  ]
            }
            onOpenChange={(open) => {
              if (!open) setBulkAction(null);
            }}
            onConfirm={confirmBulk}
          />
        ) : null}
        {asked.current.unpublish ? (
          <UnpublishPostDialog
            open={toUnpublish !== null}
            onOpenChange={(open) => {
              if (!open) setToUnpublish(null);
            }}
            title={toUnpublish?.title ?? ""}
            onConfirm={confirmUnpublish}
          />
        ) : null}
      </Suspense>
    </div>
  );
}

/** The category choice that takes posts out of any category. */
const noCategory = "none";

/** Cards or list, as a pair of radio buttons (one tab stop, arrows move between them). */
function ViewSwitch({
  value,
  onChange,
}: {
  value: PostsView;
  onChange: (view: PostsView) => void;
}) {
  const name = useId();
  const options = [
    { view: "cards", label: "Cards view", Icon: LayoutGridIcon },
    { view: "list", label: "List view", Icon: ListIcon },
  ] as const;
  // Native radios: one tab stop, arrow keys move between them, and a name from the label.
  return (
    <fieldset className="inline-flex shrink-0 self-start rounded-md border p-0.5 sm:self-auto">
      <legend className="sr-only">View</legend>
      {options.map(({ view, label, Icon }) => (
        <label
          key={view}
          title={label}
          className="relative inline-flex size-8 items-center justify-center rounded-sm text-muted-foreground hover:text-foreground has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:ring-2 has-focus-visible:ring-ring"
        >
          <input
            type="radio"
            name={name}
            value={view}
            checked={value === view}
            onChange={() => onChange(view)}
            aria-label={label}
            className="absolute inset-0 cursor-pointer appearance-none rounded-sm outline-none"
          />
          <Icon aria-hidden="true" className="pointer-events-none size-4" />
        </label>
      ))}
    </fieldset>
  );
}

/** Asks for the next page as it scrolls into view; the button is there for keyboards. */
function LoadMore({ onVisible, children }: { onVisible: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="flex justify-center">
      {children}
    </div>
  );
}

function EmptyState({
  icon,
  title,
  text,
  children,
}: {
  icon: "none" | "search";
  title: string;
  text: string;
  children?: ReactNode;
}) {
  const Icon = icon === "search" ? SearchXIcon : FileTextIcon;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
      <Icon aria-hidden="true" className="size-10 text-muted-foreground" />
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
