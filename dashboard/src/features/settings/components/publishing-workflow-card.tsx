import type { Blog } from "@contracts/blogs.ts";
import { ClipboardCheckIcon } from "lucide-react";
import { useId } from "react";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useUpdateCustomization } from "../api/update-customization.ts";

/**
 * 'Review before publishing' (decision 097): on (the default, the spec's flow) a draft goes
 * through 'Under Review'; off, an owner writing alone publishes a draft in one step. The
 * switch saves at once, like the AI disclosure switch.
 */
export function PublishingWorkflowCard({ blog }: { blog: Blog }) {
  const ids = { toggle: useId(), hint: useId() };
  const { updateCustomization, isPending } = useUpdateCustomization();

  async function change(reviewBeforePublishing: boolean) {
    try {
      await updateCustomization(blog.id, { reviewBeforePublishing });
      toast({
        title: reviewBeforePublishing ? "Review On" : "Review Off",
        description: reviewBeforePublishing
          ? `Drafts of ${blog.name} go through review before they are published.`
          : `Drafts of ${blog.name} can be published in one step.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(error, "Failed to update the review setting."),
      });
    }
  }

  return (
    <Card aria-labelledby={`${ids.toggle}-title`}>
      <CardHeader>
        <CardHeading id={`${ids.toggle}-title`} icon={ClipboardCheckIcon}>
          Publishing Workflow
        </CardHeading>
        <CardDescription>How drafts of {blog.name} become published posts.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="space-y-1">
            <Label htmlFor={ids.toggle}>Review before publishing</Label>
            <p id={ids.hint} className="text-sm text-muted-foreground">
              Drafts are submitted for review, then published. Turn off to publish a draft in one
              step when you write alone.
            </p>
          </div>
          <Switch
            id={ids.toggle}
            checked={blog.reviewBeforePublishing}
            disabled={isPending}
            onCheckedChange={change}
            aria-describedby={ids.hint}
          />
        </div>
      </CardContent>
    </Card>
  );
}
