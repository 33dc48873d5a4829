import type { Blog } from "@contracts/blogs.ts";
import { useLocation, useSearchParams } from "react-router";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { usePost } from "../api/get-post.ts";
import { PostEditor } from "./post-editor.tsx";

/**
 * Editor (spec section 2.6). Query parameters: `id` (an existing post) and `mode`
 * ('view' read only; 'ai' opens the AI dialog on entry).
 */
export function EditorPage() {
  return <BlogScreen title="Editor">{(blog) => <EditorScreen blog={blog} />}</BlogScreen>;
}

function EditorScreen({ blog }: { blog: Blog }) {
  const [params] = useSearchParams();
  const id = params.get("id");
  const mode = params.get("mode");
  // The AI dialog's new draft opens here, saying when the offline writer wrote it.
  const generatedOffline =
    (useLocation().state as { generatedOffline?: boolean } | null)?.generatedOffline === true;
  const { data: post, error, isLoading, mutate } = usePost(id);

  if (id && (isLoading || (!post && !error))) {
    return (
      <div className="space-y-6">
        <PageHeader title="Editor" />
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading post...
        </p>
      </div>
    );
  }
  if (id && error) {
    return (
      <div className="space-y-6">
        <PageHeader title="Editor" />
        <LoadError
          variant="page"
          title="Failed to Load Post"
          message={errorMessage(error, "An error occurred while fetching this post.")}
          retryLabel="Retry"
          onRetry={() => void mutate()}
        />
      </div>
    );
  }
  // Keyed by post, so a saved new post or another post starts from its own saved fields.
  return (
    <PostEditor
      key={post?.id ?? "new"}
      blog={blog}
      post={post ?? null}
      viewMode={mode === "view" && Boolean(post)}
      openAi={mode === "ai"}
      generatedOffline={generatedOffline}
    />
  );
}
