import type { Blog } from "@contracts/blogs.ts";
import { ClipboardCheckIcon, UserCheckIcon } from "lucide-react";
import { SettingSwitchCard } from "./setting-switch-card.tsx";

/**
 * 'Review before publishing' (decision 097): on (the default) a draft goes
 * through 'Under Review'; off, an owner writing alone publishes a draft in one step. The
 * switch saves at once, like the AI disclosure switch.
 */
export function PublishingWorkflowCard({ blog }: { blog: Blog }) {
  return (
    <SettingSwitchCard
      blog={blog}
      setting="reviewBeforePublishing"
      icon={ClipboardCheckIcon}
      title="Publishing Workflow"
      description={`How drafts of ${blog.name} become published posts.`}
      label="Review before publishing"
      hint="Drafts are submitted for review, then published. Turn off to publish a draft in one step when you write alone."
      toasts={{
        on: {
          title: "Review On",
          description: `Drafts of ${blog.name} go through review before they are published.`,
        },
        off: {
          title: "Review Off",
          description: `Drafts of ${blog.name} can be published in one step.`,
        },
      }}
      failure="Failed to update the review setting."
    />
  );
}

/**
 * 'Writers publish their own posts' (decision 367): off (the default), a writer of the blog's
 * team submits and an editor or the owner publishes; on, writers publish and schedule their
 * own posts.
 */
export function WritersPublishCard({ blog }: { blog: Blog }) {
  return (
    <SettingSwitchCard
      blog={blog}
      setting="writersCanPublish"
      icon={UserCheckIcon}
      title="Writers Publish"
      description={`Who publishes the posts writers of ${blog.name} write.`}
      label="Writers publish their own posts"
      hint="On, writers publish and schedule their own posts. Off, they submit them and an editor or you publish them."
      toasts={{
        on: {
          title: "Writers Publish",
          description: `Writers of ${blog.name} publish their own posts.`,
        },
        off: {
          title: "Editors Publish",
          description: `Writers of ${blog.name} submit their posts for an editor to publish.`,
        },
      }}
      failure="Failed to update who publishes."
    />
  );
}
