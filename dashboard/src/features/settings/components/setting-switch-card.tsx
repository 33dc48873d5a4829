import type { Blog } from "@contracts/blogs.ts";
import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useUpdateCustomization } from "../api/update-customization.ts";

/** A blog setting that is one switch and saves at once (the AI note, the review step…). */
export type SwitchSetting = "aiDisclosure" | "reviewBeforePublishing" | "writersCanPublish";

/**
 * A card holding one switch of the blog's settings: it saves when flipped and says so in a
 * toast ('… On' / '… Off'), or why it could not.
 */
export function SettingSwitchCard({
  blog,
  setting,
  icon,
  title,
  description,
  label,
  hint,
  toasts,
  failure,
}: {
  blog: Blog;
  setting: SwitchSetting;
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  label: string;
  hint: string;
  toasts: {
    on: { title: string; description: string };
    off: { title: string; description: string };
  };
  /** The toast's fallback when the server gives no reason. */
  failure: string;
}) {
  const ids = { toggle: useId(), hint: useId() };
  const { updateCustomization, isPending } = useUpdateCustomization();

  async function change(on: boolean) {
    try {
      await updateCustomization(blog.id, { [setting]: on });
      toast(on ? toasts.on : toasts.off);
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(error, failure),
      });
    }
  }

  return (
    <Card aria-labelledby={`${ids.toggle}-title`}>
      <CardHeader>
        <CardHeading id={`${ids.toggle}-title`} icon={icon}>
          {title}
        </CardHeading>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="space-y-1">
            <Label htmlFor={ids.toggle}>{label}</Label>
            <p id={ids.hint} className="text-sm text-muted-foreground">
              {hint}
            </p>
          </div>
          <Switch
            id={ids.toggle}
            checked={blog[setting]}
            disabled={isPending}
            onCheckedChange={change}
            aria-describedby={ids.hint}
          />
        </div>
      </CardContent>
    </Card>
  );
}
