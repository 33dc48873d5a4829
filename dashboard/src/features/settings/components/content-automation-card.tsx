import {
  type AutomationInput,
  type AutomationSettings,
  outOfTopicsReason,
} from "@contracts/automation.ts";
import type { Blog } from "@contracts/blogs.ts";
import { limits, postingFrequencies, postingFrequencyLabels } from "@contracts/limits.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { BotIcon, CircleAlertIcon } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { CardHeading } from "../../../components/card-heading.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { fieldClasses, Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useAiUsage } from "../../../lib/api/get-ai-usage.ts";
import { useAutomation } from "../../../lib/api/get-automation.ts";
import { pathIssuesOf, statusOf } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { useCreateAutomation } from "../api/create-automation.ts";
import { useBlogJobs } from "../api/get-blog-jobs.ts";
import { useUpdateAutomation } from "../api/update-automation.ts";
import {
  type AutomationForm,
  automationFormOf,
  automationFormSchema,
  canSaveAutomation,
  hasUnsavedChanges,
  listedTopics,
  parsePostsPerWeek,
  parseTopics,
  type TopicDetailField,
  type TopicDetailForm,
  topicDetailIssueOf,
  topicDetailOf,
  withTopicDetail,
} from "./automation-form.ts";
import { AutomationRuns, automationRunOf } from "./automation-runs.tsx";
import { TopicDetailsField } from "./topic-details-field.tsx";
import { TopicSuggestions } from "./topic-suggestions.tsx";

const titleId = "content-automation-title";

/**
 * The selected blog's content automation. Off, only the switch
 * and Save show; on, the niche, topics, frequency, posts per week and auto-publish controls
 * and an 'Active' badge. The first save creates the settings, later ones update them.
 */
export function ContentAutomationCard({ blog }: { blog: Blog }) {
  const { data, error, isLoading, mutate } = useAutomation(blog.id);
  return (
    <Card aria-labelledby={titleId}>
      {data !== undefined ? (
        <AutomationSettingsForm blog={blog} saved={data} />
      ) : (
        <>
          <Header description={`Let AI write posts for ${blog.name} on a schedule.`} />
          <CardContent>
            {isLoading || !error ? (
              <p role="status" className="py-4 text-sm text-muted-foreground">
                Loading automation settings...
              </p>
            ) : (
              <LoadError
                variant="card"
                title="Failed to load automation settings"
                retryLabel="Try again"
                onRetry={() => void mutate()}
              />
            )}
          </CardContent>
        </>
      )}
    </Card>
  );
}

function Header({ description, active }: { description: string; active?: boolean }) {
  return (
    <CardHeader>
      <div className="flex flex-wrap items-center gap-2">
        <CardHeading id={titleId} icon={BotIcon}>
          Content Automation
        </CardHeading>
        {active && <Badge>Active</Badge>}
      </div>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}

function AutomationSettingsForm({ blog, saved }: { blog: Blog; saved: AutomationSettings | null }) {
  const aiUsage = useAiUsage();
  const { data: jobs } = useBlogJobs(blog.id);
  const ids = {
    enabled: useId(),
    enabledHint: useId(),
    niche: useId(),
    topics: useId(),
    topicsHint: useId(),
    topicsNeeded: useId(),
    topicsRefused: useId(),
    frequency: useId(),
    postsPerWeek: useId(),
    autoPublish: useId(),
    autoPublishHint: useId(),
  };
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    reset,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<AutomationForm, unknown, AutomationInput>({
    defaultValues: automationFormOf(saved),
    resolver: zodResolver(automationFormSchema),
  });
  // Every field has a default, so the watched values are whole.
  const form = useWatch({ control }) as AutomationForm;
  const { createAutomation, isPending: isCreating } = useCreateAutomation();
  const { updateAutomation, isPending: isUpdating } = useUpdateAutomation();
  const isPending = isCreating || isUpdating;
  const topics = parseTopics(form.topics);
  const canSave = canSaveAutomation(form);
  const unsaved = hasUnsavedChanges(form, saved);

  function saveFailed() {
    toast({
      variant: "destructive",
      title: "Error",
      description: "Failed to save automation settings. Please try again.",
    });
  }

  /** A topic's details changed; a refusal of that field is no longer current. */
  function changeTopicDetail(topic: string, change: Partial<Omit<TopicDetailForm, "topic">>) {
    const details = getValues("topicDetails");
    setValue("topicDetails", withTopicDetail(details, topic, change), { shouldDirty: true });
    const index = details.findIndex((detail) => detail.topic === topic);
    if (index !== -1)
      for (const field of Object.keys(change) as TopicDetailField[])
        clearErrors(`topicDetails.${index}.${field}`);
  }

  function topicDetailError(topic: string, field: TopicDetailField): string | undefined {
    const index = form.topicDetails.findIndex((detail) => detail.topic === topic);
    return index === -1 ? undefined : errors.topicDetails?.[index]?.[field]?.message;
  }

  async function save(payload: AutomationInput) {
    if (!canSave || isPending) return;
    // What was sent, to place the server's issues about topics (numbered as sent) in the form.
    const sent = structuredClone(getValues());
    try {
      let settings: AutomationSettings;
      if (saved) {
        settings = await updateAutomation(blog.id, payload);
      } else {
        try {
          settings = await createAutomation(blog.id, payload);
        } catch (error) {
          // Saved meanwhile (another tab): update what is there instead.
          if (statusOf(error) !== 409) throw error;
          settings = await updateAutomation(blog.id, payload);
        }
      }
      reset(automationFormOf(settings));
      toast({
        title: "Settings saved",
        description: settings.enabled
          ? `Content automation is on for ${blog.name}.`
          : `Content automation is off for ${blog.name}.`,
      });
    } catch (error) {
      // A topic too close to a post of the blog (decision 341): the server names the title.
      const tooClose = pathIssuesOf(error).filter((issue) => /^topics\.\d+$/.test(issue.path));
      if (tooClose.length > 0)
        setError("topics", {
          type: "server",
          message: tooClose.map((issue) => issue.message).join(" "),
        });
      for (const issue of pathIssuesOf(error)) {
        const shown = topicDetailIssueOf(sent, issue.path, issue.message);
        if (shown)
          setError(`topicDetails.${shown.formIndex}.${shown.field}`, {
            type: "server",
            message: shown.message,
          });
      }
      saveFailed();
    }
  }

  return (
    <>
      <Header
        description={`Let AI write posts for ${blog.name} on a schedule.`}
        active={form.enabled}
      />
      <CardContent>
        {/* The form's own rules apply (a number out of range is brought into it, not refused). */}
        <form className="space-y-6" onSubmit={handleSubmit(save, saveFailed)} noValidate>
          <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
            <div className="space-y-1">
              <Label htmlFor={ids.enabled}>Enable Content Automation</Label>
              <p id={ids.enabledHint} className="text-sm text-muted-foreground">
                Write new posts about your topics on a schedule.
              </p>
            </div>
            <Switch
              id={ids.enabled}
              checked={form.enabled}
              onCheckedChange={(checked) => setValue("enabled", checked, { shouldDirty: true })}
              aria-describedby={ids.enabledHint}
            />
          </div>

          {form.enabled && (
            <>
              <div className="space-y-2">
                <Label htmlFor={ids.niche}>Niche</Label>
                <Input
                  id={ids.niche}
                  {...register("niche")}
                  maxLength={200}
                  placeholder="e.g. Home gardening for small spaces"
                />
              </div>

              <div className="space-y-2">
                <Label htmlFor={ids.topics}>Topics</Label>
                <Textarea
                  id={ids.topics}
                  {...register("topics")}
                  rows={2}
                  placeholder="e.g. composting, raised beds, seed starting"
                  aria-describedby={cn(
                    topics.length === 0 ? ids.topicsNeeded : ids.topicsHint,
                    errors.topics && ids.topicsRefused,
                  )}
                />
                {errors.topics?.message && (
                  <p id={ids.topicsRefused} role="alert" className="text-sm text-error">
                    {errors.topics.message}
                  </p>
                )}
                {topics.length === 0 ? (
                  <p id={ids.topicsNeeded} className="text-sm text-error">
                    Add at least one topic to turn automation on. Separate topics with commas.
                  </p>
                ) : (
                  <p id={ids.topicsHint} className="text-sm text-muted-foreground">
                    {topics.length === 1 ? "1 topic" : `${topics.length} topics`}, written about in
                    turn. Separate topics with commas.
                  </p>
                )}
              </div>

              {topics.length > 0 && (
                <TopicDetailsField
                  blogId={blog.id}
                  topics={listedTopics(form)}
                  detailOf={(topic) => topicDetailOf(form, topic)}
                  errorOf={topicDetailError}
                  onChange={changeTopicDetail}
                />
              )}

              <div className="grid gap-4 sm:grid-cols-2">
                <div className="space-y-2">
                  <Label htmlFor={ids.frequency}>Posting Frequency</Label>
                  <select
                    id={ids.frequency}
                    {...register("postingFrequency")}
                    className={cn(fieldClasses, "h-9 py-1")}
                  >
                    {postingFrequencies.map((frequency) => (
                      <option key={frequency} value={frequency}>
                        {postingFrequencyLabels[frequency]}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="space-y-2">
                  <Label htmlFor={ids.postsPerWeek}>Posts per Week</Label>
                  <Input
                    id={ids.postsPerWeek}
                    type="number"
                    inputMode="numeric"
                    min={limits.postsPerWeek.min}
                    max={limits.postsPerWeek.max}
                    step={1}
                    {...register("postsPerWeek", {
                      onBlur: (event) =>
                        setValue("postsPerWeek", String(parsePostsPerWeek(event.target.value)), {
                          shouldDirty: true,
                        }),
                    })}
                  />
                </div>
              </div>

              <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
                <div className="space-y-1">
                  <Label htmlFor={ids.autoPublish}>Auto-Publish</Label>
                  <p id={ids.autoPublishHint} className="text-sm text-muted-foreground">
                    Publish new posts right away when they pass the content checks (keyword, meta
                    fields, readability, originality). Off, or when a check fails, they wait for you
                    as Under Review.
                  </p>
                </div>
                <Switch
                  id={ids.autoPublish}
                  checked={form.autoPublish}
                  onCheckedChange={(checked) =>
                    setValue("autoPublish", checked, { shouldDirty: true })
                  }
                  aria-describedby={ids.autoPublishHint}
                />
              </div>
            </>
          )}

          {form.enabled && aiUsage.data?.configured === false && (
            <p
              role="note"
              className="flex items-start gap-2 rounded-md border border-dashed px-3 py-2 text-sm"
            >
              <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong className="font-medium">No AI provider is configured.</strong> Posts are
                written by the built-in offline writer as outlines and are always held for review,
                never published automatically. Set OPENAI_API_KEY on the server to use a model.
              </span>
            </p>
          )}

          <AutomationRuns
            run={automationRunOf(saved, jobs?.automation)}
            enabled={form.enabled && saved?.enabled === true}
          />
          {form.enabled && saved?.skipReason === outOfTopicsReason && (
            <TopicSuggestions
              blogId={blog.id}
              onAccept={(accepted) =>
                setValue("topics", [...listedTopics(form), ...accepted].join(", "), {
                  shouldDirty: true,
                })
              }
            />
          )}

          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              disabled={!canSave || isPending}
              aria-describedby={canSave ? undefined : ids.topicsNeeded}
            >
              {isPending ? "Saving..." : "Save Settings"}
            </Button>
            {unsaved && <span className="text-sm text-muted-foreground">Unsaved changes</span>}
          </div>
        </form>
      </CardContent>
    </>
  );
}
