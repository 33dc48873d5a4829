import type { Blog } from "@contracts/blogs.ts";
import { type PostStatus, postStatuses, postStatusLabels } from "@contracts/limits.ts";
import { FileTextIcon, SearchIcon, SearchXIcon } from "lucide-react";
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
import { unpublishPost } from "../../../lib/api/unpublish-post.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useDeletePost } from "../api/delete-post.ts";

type StatusFilter = "all" | PostStatus;

// The confirmations' code (Radix Dialog, focus and scroll locks) loads when one is first asked
// for, not with the first cards: the screen's module waits for every chunk it imports (decision 261).
const ConfirmDialog = lazy(async () => ({
  default: (await import("../../../components/confirm-dialog.tsx")).ConfirmDialog,
}));
const UnpublishPostDialog = lazy(async () => ({
  default: (await import("../../../components/unpublish-post-dialog.tsx")).UnpublishPostDialog,
}));

/** Typing pauses this long before the server is asked (each answer takes a few ms). */
const searchDelayMs = 150;

/**
 * All Posts (spec section 2.5): search, status filter, cards with delete. The server searches
 * and filters and sends the list a page at a time (decision 100): a blog of 10,000 posts
 * shows its first cards as fast as one of ten.
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
  const pages = usePostPages(blog.id, { q: query, status, limit: allPostsPageSize });
  const { data, error, isLoading, isValidating, mutate, size, setSize } = pages;
  const { data: categories } = useCategories(blog.id);
  const { user } = useAuthUser();
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const { deletePost } = useDeletePost(blog.id);
  const [toDelete, setToDelete] = useState<CardPost | null>(null);
  const [toUnpublish, setToUnpublish] = useState<CardPost | null>(null);
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

      <div className="flex flex-col gap-3 sm:flex-row">
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
      </div>

      {isLoading && !data ? (
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
      ) : (
        <ul aria-label="Posts" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((post) => (
            <li key={post.id} className="flex *:flex-1">
              <PostCard
                post={post}
                categoryName={categoryName(post.categoryId)}
                currentUserId={user?.id}
                onDelete={setToDelete}
                onUnpublish={setToUnpublish}
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
