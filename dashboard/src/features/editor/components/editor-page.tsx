import type { Blog } from "@contracts/blogs.ts";
import { useEffect } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { usePost } from "../api/get-post.ts";
import type { EditorLocationState } from "../editor-location.ts";
import { PostEditor } from "./post-editor.tsx";

/**
 * Editor. Query parameters: `id` (an existing post) and `mode`
 * ('view' read only; 'ai' opens the AI dialog on entry).
 */
export function EditorPage() {
  return <BlogScreen title="Editor">{(blog) => <EditorScreen blog={blog} />}</BlogScreen>;
}

function EditorScreen({ blog }: { blog: Blog }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get("id");
  const mode = params.get("mode");
  const state = location.state as EditorLocationState | null;
  // The AI dialog's new draft opens here, saying when the offline writer wrote it.
  const generatedOffline = state?.generatedOffline === true;
  const { data: post, error, isLoading, mutate } = usePost(id);
  // A new post's visit gets a key of its own, kept in the history entry (a reload keeps it):
  // it keys the post's local copy, so one new post never offers its text to another.
  const navigate = useNavigate();
  const needsKey = !id && !state?.editorKey;
  useEffect(() => {
    if (!needsKey) return;
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: { ...state, editorKey: `new:${crypto.randomUUID()}` } },
    );
  }, [needsKey, navigate, location.pathname, location.search, state]);

  if (needsKey) return null;
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
  // One editor per post, and per visit of the new-post screen; a new post that its first save
  // just created keeps its editor (and the text typed meanwhile) through the address change.
  return (
    <PostEditor
      key={state?.editorKey ?? post?.id}
      editorKey={state?.editorKey ?? post?.id ?? ""}
      blog={blog}
      post={post ?? null}
      viewMode={mode === "view" && Boolean(post)}
      openAi={mode === "ai"}
      generatedOffline={generatedOffline}
    />
  );
}
