import type { Blog } from "@contracts/blogs.ts";
import { SparklesIcon } from "lucide-react";
import { useId } from "react";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useUpdateCustomization } from "../api/update-customization.ts";

/**
 * The blog's 'AI-assisted' note (decision 057): shown on posts written by AI (the editor's
 * 'Generate with AI' or content automation) until they are substantially edited. The switch
 * saves at once, like the affiliate links' Auto-Insert switch.
 */
export function AiDisclosureCard({ blog }: { blog: Blog }) {
  const ids = { toggle: useId(), hint: useId() };
  const { updateCustomization, isPending } = useUpdateCustomization();

  async function change(aiDisclosure: boolean) {
    try {
      await updateCustomization(blog.id, { aiDisclosure });
      toast({
        title: aiDisclosure ? "AI Disclosure On" : "AI Disclosure Off",
        description: aiDisclosure
          ? `AI-written posts on ${blog.name} will show an 'AI-assisted' note.`
          : `Posts on ${blog.name} will no longer show the 'AI-assisted' note.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(error, "Failed to update the AI disclosure setting."),
      });
    }
  }

  return (
    <Card aria-labelledby={`${ids.toggle}-title`}>
      <CardHeader>
        <CardHeading id={`${ids.toggle}-title`} icon={SparklesIcon}>
          AI Disclosure
        </CardHeading>
        <CardDescription>
          Tell readers which posts of {blog.name} were written by AI.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
          <div className="space-y-1">
            <Label htmlFor={ids.toggle}>Show 'AI-assisted' note</Label>
            <p id={ids.hint} className="text-sm text-muted-foreground">
              On posts generated with AI until at least half of their text is your own.
            </p>
          </div>
          <Switch
            id={ids.toggle}
            checked={blog.aiDisclosure}
            disabled={isPending}
            onCheckedChange={change}
            aria-describedby={ids.hint}
          />
        </div>
      </CardContent>
    </Card>
  );
}
