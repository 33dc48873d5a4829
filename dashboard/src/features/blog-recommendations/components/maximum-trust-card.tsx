import { ShieldCheckIcon } from "lucide-react";
import { useId } from "react";
import { CardHeading } from "../../../components/card-heading.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader } from "../../../components/ui/card.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAccountSettings } from "../api/get-account-settings.ts";
import { useUpdateAccountSettings } from "../api/update-account-settings.ts";

/**
 * The owner's 'maximum trust' switch (off by default): when on, the weekly job approves the AI's
 * best new idea and creates its blog, at most one new blog per week.
 */
export function MaximumTrustCard() {
  const titleId = useId();
  const explanationId = useId();
  const { data: settings, error, isLoading, isValidating, mutate } = useAccountSettings();
  const { updateAccountSettings, isSaving } = useUpdateAccountSettings();
  const on = settings?.maximumTrust ?? false;

  async function change(maximumTrust: boolean) {
    try {
      await updateAccountSettings({ maximumTrust });
      toast(
        maximumTrust
          ? {
              title: "Maximum Trust Mode On",
              description:
                "Each week the AI will approve its best idea and create the blog, at most one new blog per week.",
            }
          : {
              title: "Maximum Trust Mode Off",
              description: "New ideas will wait for your approval.",
            },
      );
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(failure, "Failed to save maximum trust mode. Please try again."),
      });
    }
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader className="flex-row flex-wrap items-center gap-2">
        <CardHeading id={titleId} icon={ShieldCheckIcon}>
          Maximum Trust Mode
        </CardHeading>
        {settings && <Badge variant={on ? "default" : "secondary"}>{on ? "On" : "Off"}</Badge>}
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="max-w-2xl space-y-1.5">
          <p id={explanationId} className="text-sm text-muted-foreground">
            When on, each week the AI approves its own best new idea and creates the blog, with
            content automation switched on: at most one new blog per week. Those blogs are listed
            under ‘AI Auto-Created Blogs’. When off, every idea waits for you to approve or reject
            it.
          </p>
          {error && !settings && (
            <LoadError
              variant="inline"
              message={errorMessage(error, "This setting could not be loaded.")}
              retryLabel="Retry"
              isRetrying={isValidating}
              onRetry={() => void mutate()}
            />
          )}
        </div>
        <Switch
          checked={on}
          aria-labelledby={titleId}
          disabled={!settings || isLoading || isSaving}
          aria-describedby={explanationId}
          onCheckedChange={(checked) => void change(checked)}
        />
      </CardContent>
    </Card>
  );
}
