import type { Blog } from "@contracts/blogs.ts";
import { ClipboardCheckIcon } from "lucide-react";
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
