import type { Blog } from "@contracts/blogs.ts";
import { limits } from "@contracts/limits.ts";
import {
  CheckCircle2Icon,
  ClockIcon,
  FileTextIcon,
  PencilLineIcon,
  SparklesIcon,
} from "lucide-react";
import { Link } from "react-router";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { MetricCard } from "../../../components/metric-card.tsx";
import { NewPostLink } from "../../../components/new-post-link.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { PostCard } from "../../../components/post-card.tsx";
import { PostsLoadError, PostsLoading } from "../../../components/posts-load-error.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { useBlogs } from "../../../lib/api/get-blogs.ts";
import { useCategories } from "../../../lib/api/get-categories.ts";
import { useNewestPosts } from "../../../lib/api/get-post-page.ts";
import { isFirstDay, welcomeLine } from "./welcome.ts";

/** Dashboard: welcome, quick actions, stat cards and the recent posts. */
export function DashboardPage() {
  return <BlogScreen title="Dashboard">{(blog) => <Dashboard blog={blog} />}</BlogScreen>;
}

function Dashboard({ blog }: { blog: Blog }) {
  // The six newest cards and the blog's counts, not the whole list (decision 100).
  const { data: page, error, isLoading, mutate } = useNewestPosts(blog.id, limits.recentPosts);
  const posts = page?.posts;
  const { data: categories } = useCategories(blog.id);
  const { user } = useAuthUser();
  const { data: blogs } = useBlogs();
  const counts = page?.counts;
  const categoryName = (id: string | null) =>
    id ? categories?.find((c) => c.id === id)?.name : undefined;

  return (
    <div className="space-y-8">
      <PageHeader
        title="Dashboard"
        description={welcomeLine({
          blogName: blog.name,
          firstDay: isFirstDay(blogs ?? [blog]),
          hasPosts: (counts?.all ?? 0) > 0,
        })}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to="/editor?mode=ai">
                <SparklesIcon aria-hidden="true" />
                Generate with AI
              </Link>
            </Button>
            <NewPostLink />
          </>
        }
      />

      <section aria-label="Post statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <MetricCard title="Total Posts" value={counts ? counts.all : "–"} icon={FileTextIcon} />
        <MetricCard title="Drafts" value={counts ? counts.draft : "–"} icon={PencilLineIcon} />
        <MetricCard
          title="Under Review"
          value={counts ? counts.under_review : "–"}
          icon={ClockIcon}
        />
        <MetricCard
          title="Published"
          value={counts ? counts.published : "–"}
          icon={CheckCircle2Icon}
        />
      </section>

      <section aria-labelledby="recent-posts" className="space-y-4">
        <h2 id="recent-posts" className="text-xl font-semibold">
          Recent Posts
        </h2>
        {isLoading ? (
          <PostsLoading />
        ) : error ? (
          <PostsLoadError error={error} onRetry={() => void mutate()} />
        ) : !posts || posts.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
            <FileTextIcon aria-hidden="true" className="size-10 text-muted-foreground" />
            <h3 className="text-lg font-semibold">No posts yet</h3>
            <p className="text-sm text-muted-foreground">Get started by creating your first post</p>
            <NewPostLink className="mt-2">Create Post</NewPostLink>
          </div>
        ) : (
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {posts.map((post) => (
              <PostCard
                key={post.id}
                post={post}
                categoryName={categoryName(post.categoryId)}
                currentUserId={user?.id}
              />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
