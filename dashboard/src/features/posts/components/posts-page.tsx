import type { Blog } from "@contracts/blogs.ts";
import { postStatuses, postStatusLabels } from "@contracts/limits.ts";
import { FileTextIcon, SearchIcon, SearchXIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { GenerateWithAiButton } from "../../../components/generate-with-ai-button.tsx";
import { NewPostLink } from "../../../components/new-post-link.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { type CardPost, PostCard } from "../../../components/post-card.tsx";
import { PostsLoadError, PostsLoading } from "../../../components/posts-load-error.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { UnpublishPostDialog } from "../../../components/unpublish-post-dialog.tsx";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { useCategories } from "../../../lib/api/get-categories.ts";
import { revalidatePostLists, usePostsWithContent } from "../../../lib/api/get-posts.ts";
import { unpublishPost } from "../../../lib/api/unpublish-post.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDeletePost } from "../api/delete-post.ts";
import { filterPosts, type StatusFilter } from "./filter-posts.ts";

/** All Posts (spec section 2.5): search, status filter, cards with delete. */
export function PostsPage() {
  return <BlogScreen title="All Posts">{(blog) => <AllPosts blog={blog} />}</BlogScreen>;
}

function AllPosts({ blog }: { blog: Blog }) {
  const searchId = useId();
  const filterId = useId();
  const { data: posts, error, isLoading, mutate } = usePostsWithContent(blog.id);
  const { data: categories } = useCategories(blog.id);
  const { user } = useAuthUser();
  const navigate = useNavigate();
  const { mutate: globalMutate } = useSWRConfig();
  const { deletePost } = useDeletePost(blog.id);
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [toDelete, setToDelete] = useState<CardPost | null>(null);
  const [toUnpublish, setToUnpublish] = useState<CardPost | null>(null);

  const categoryName = (id: string | null) =>
    id ? categories?.find((c) => c.id === id)?.name : undefined;
  const shown = filterPosts(posts ?? [], search, status);

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      await deletePost(toDelete.id);
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
        <ChoiceSelect
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

      {isLoading ? (
        <PostsLoading />
      ) : error ? (
        <PostsLoadError error={error} onRetry={() => void mutate()} />
      ) : !posts || posts.length === 0 ? (
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

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title="Delete Post"
        description="Are you sure you want to delete this post? This action cannot be undone."
        onConfirm={confirmDelete}
      />
      <UnpublishPostDialog
        open={toUnpublish !== null}
        onOpenChange={(open) => {
          if (!open) setToUnpublish(null);
        }}
        title={toUnpublish?.title ?? ""}
        onConfirm={confirmUnpublish}
      />
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
