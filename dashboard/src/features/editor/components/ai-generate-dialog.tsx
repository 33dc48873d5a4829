import { generatePostInput, lengthChoiceLabel } from "@contracts/ai.ts";
import type { Category } from "@contracts/categories.ts";
import type { Generation, GenerationInput, GenerationResult } from "@contracts/generation.ts";
import { type AiLength, type AiTone, aiLengths, aiToneLabels, aiTones } from "@contracts/limits.ts";
import { researchLimits } from "@contracts/research.ts";
import { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheckIcon, CircleIcon, LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { cancelGeneration } from "../api/cancel-generation.ts";
import { getGeneration } from "../api/get-generation.ts";
import { startGeneration } from "../api/start-generation.ts";
import { progressHeadline, sectionsLine, stepStates } from "./generation-progress.ts";

const noCategory = "none";

/** The addresses given one per line; the first line that is no http(s) address, if any. */
export function sourceUrlsOf(text: string): { urls: string[]; invalid: string | null } {
  const urls = text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const invalid =
    urls.find((url) => {
      try {
        return !/^https?:$/.test(new URL(url).protocol);
      } catch {
        return true;
      }
    }) ?? null;
  return { urls, invalid };
}

/**
 * The writer's own input (topic, tone, length: its limits and messages) and what the dialog
 * turns into the rest of it: the category chosen, the sources as typed (checked line by line
 * when sent) and the notes.
 */
const generateFields = generatePostInput.pick({ topic: true, tone: true, length: true }).extend({
  categoryId: z.string(),
  sourceUrls: z.string(),
  notes: z.string().max(researchLimits.noteChars),
});
type GenerateFields = z.infer<typeof generateFields>;

const isFinished = (g: Generation) => g.status !== "queued" && g.status !== "running";

/** What the writer is doing: its steps, the outline so far, the sections written, the sources. */
function GenerationProgressView({ generation }: { generation: Generation }) {
  const { progress } = generation;
  const sections = sectionsLine(generation);
  return (
    <div data-slot="generation-progress" className="grid gap-3 rounded-lg border bg-muted/40 p-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <LoaderCircleIcon aria-hidden="true" className="size-4 shrink-0 animate-spin" />
        {progressHeadline(generation)}
      </p>
      <ol aria-label="Generation steps" className="grid gap-1 text-xs">
        {stepStates(generation).map(({ step, label, state }) => {
          const Icon =
            state === "done"
              ? CircleCheckIcon
              : state === "current"
                ? LoaderCircleIcon
                : CircleIcon;
          return (
            <li
              key={step}
              aria-current={state === "current" ? "step" : undefined}
              className={cn(
                "flex items-center gap-2",
                state === "pending" && "text-muted-foreground",
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  "size-3.5",
                  state === "done" && "text-success",
                  state === "current" && "animate-spin",
                )}
              />
              {label}
              {state === "done" && <span className="sr-only"> (done)</span>}
            </li>
          );
        })}
      </ol>
      {sections && <p className="text-xs font-medium">{sections}</p>}
      {progress.outline.length > 0 && (
        <div className="grid gap-1">
          <p className="text-xs font-medium">Outline</p>
          <ol aria-label="Outline" className="grid list-decimal gap-0.5 pl-5 text-xs">
            {progress.outline.map((section) => (
              <li key={section.heading}>
                {section.heading}
                {section.subheadings.length > 0 && (
                  <ul className="list-disc pl-4 text-muted-foreground">
                    {section.subheadings.map((sub) => (
                      <li key={sub}>{sub}</li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        </div>
      )}
      {(progress.sources.length > 0 || progress.sourceFailures > 0) && (
        <div className="grid gap-1">
          <p className="text-xs font-medium">Sources found</p>
          {progress.sources.length > 0 && (
            <ol aria-label="Sources found" className="grid gap-0.5 text-xs">
              {progress.sources.map((source) => (
                <li key={source.n}>
                  [{source.n}] {source.title}
                </li>
              ))}
            </ol>
          )}
          {progress.sourceFailures > 0 && (
            <p className="text-xs text-muted-foreground">
              {progress.sourceFailures === 1
                ? "1 page could not be read."
                : `${progress.sourceFailures} pages could not be read.`}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * 'Generate Blog Post with AI' with topic, tone, length and an optional
 * category, and the owner's sources for the post (issue 31). The writer runs as a job: the
 * dialog follows its progress about every second and can cancel it. On success it hands the
 * finished generation over (a new post is a saved draft by then) and closes.
 */
export function AiGenerateDialog({
  open,
  onOpenChange,
  blogId,
  postId,
  categories,
  onGenerated,
  pollMs = 1000,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  blogId: string;
  /** The saved post being edited, if any: the result fills the editor instead of a new draft. */
  postId?: string;
  categories: Category[];
  onGenerated: (result: GenerationResult, generation: Generation) => void;
  /** How often the progress is read. */
  pollMs?: number;
}) {
  const id = useId();
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof generateFields>, unknown, GenerateFields>({
    defaultValues: {
      topic: "",
      tone: "professional",
      length: "medium",
      categoryId: noCategory,
      sourceUrls: "",
      notes: "",
    },
    resolver: zodResolver(generateFields),
    reValidateMode: "onSubmit",
  });
  const [starting, setStarting] = useState(false);
  const [tone, length, categoryId] = useWatch({ control, name: ["tone", "length", "categoryId"] });
  const [generation, setGeneration] = useState<Generation | null>(null);
  /** The generation under way, and what ends the loop following its progress. */
  const following = useRef<{ id: string; controller: AbortController } | null>(null);
  const isPending = starting || generation !== null;

  // Leaving the editor stops following; a post being edited would get its result nowhere,
  // so its generation is cancelled (a new post's goes on and becomes a draft).
  useEffect(
    () => () => {
      const running = following.current;
      if (!running) return;
      running.controller.abort();
      if (postId) void cancelGeneration(running.id).catch(() => {});
    },
    [postId],
  );

  function finished(done: Generation) {
    setGeneration(null);
    if (done.status === "succeeded" && done.result) {
      onGenerated(done.result, done);
      toast({
        title: "Content generated",
        description:
          done.result.source === "offline"
            ? "Offline draft (no AI provider is configured): fill in each section."
            : done.result.withoutSources
              ? "Review and edit as needed. Written without sources: add facts and figures only with a source."
              : "Review and edit as needed.",
      });
      onOpenChange(false);
    } else if (done.status === "cancelled") {
      toast({
        title: "Generation cancelled",
        description: "Nothing was generated. Your topic and options are kept.",
      });
    } else {
      toast({
        title: "Error",
        description: done.error || "Failed to generate content",
        variant: "destructive",
      });
    }
  }

  /** Reads the generation about every `pollMs` until it is finished or no longer followed. */
  async function follow(started: Generation, controller: AbortController) {
    let current = started;
    while (!isFinished(current)) {
      await new Promise((resolve) => setTimeout(resolve, pollMs));
      if (controller.signal.aborted) return;
      try {
        current = await getGeneration(current.id, controller.signal);
      } catch (err) {
        if (controller.signal.aborted) return;
        // A lost answer is read again next time; the writer goes on meanwhile.
        if (!(err instanceof TypeError)) {
          following.current = null;
          setGeneration(null);
          toast({
            title: "Error",
            description: errorMessage(err, "Failed to generate content"),
            variant: "destructive",
          });
          return;
        }
        continue;
      }
      if (controller.signal.aborted) return;
      setGeneration(current);
    }
    following.current = null;
    finished(current);
  }

  // A blank topic is said in a toast, as the dialog always did; other limits under the field.
  function invalid() {
    if (isPending || getValues("topic").trim()) return;
    toast({
      title: "Topic required",
      description: "Please enter a topic for AI generation.",
      variant: "destructive",
    });
  }

  /**
   * Sources are checked when Generate is chosen, before the form's own check: a line that is no
   * web address is said at once (once a topic is given, as before), and nothing is sent.
   */
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const { topic, sourceUrls } = getValues();
    const refused = topic.trim() ? sourceUrlsOf(sourceUrls).invalid : null;
    if (refused) {
      toast({
        title: "Invalid source",
        description: `“${refused}” is not a web address. Give one address starting with http:// or https:// per line.`,
        variant: "destructive",
      });
      return;
    }
    void handleSubmit(submit, invalid)(event);
  }

  async function submit({ topic, tone, length, categoryId, sourceUrls, notes }: GenerateFields) {
    const { urls } = sourceUrlsOf(sourceUrls);
    const category = categories.find((c) => c.id === categoryId) ?? null;
    const input: GenerationInput = {
      topic,
      tone,
      length,
      category: category?.name ?? null,
      blogId,
      ...(postId ? { postId } : {}),
      ...(urls.length > 0 || notes.trim()
        ? { sources: { urls, notes: notes.trim() ? [notes.trim()] : [] } }
        : {}),
    };
    setStarting(true);
    try {
      const started = await startGeneration(input);
      const controller = new AbortController();
      following.current = { id: started.id, controller };
      setGeneration(started);
      void follow(started, controller);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to generate content"),
        variant: "destructive",
      });
    } finally {
      setStarting(false);
    }
  }

  async function cancel() {
    if (!generation) return;
    following.current?.controller.abort();
    following.current = null;
    try {
      const answer = await cancelGeneration(generation.id);
      // It may have finished meanwhile: then what it wrote is handed over after all.
      finished(answer);
    } catch (err) {
      setGeneration(null);
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to cancel the generation"),
        variant: "destructive",
      });
    }
  }
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Generate Blog Post with AI"
      description="Describe the post; the draft fills the editor for you to review."
      onSubmit={send}
      isPending={isPending}
      onCancel={() => (generation ? void cancel() : onOpenChange(false))}
      cancelDisabled={starting}
      submitLabel={
        <>
          <SparklesIcon aria-hidden="true" />
          Generate
        </>
      }
      pendingLabel={
        <>
          <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          Generating...
        </>
      }
    >
      <FormField id={`${id}-topic`} label="Topic" error={errors.topic?.message}>
        {(field) => (
          <Input
            {...field}
            placeholder="e.g. Ten tips for a first trail marathon"
            disabled={isPending}
            {...register("topic")}
          />
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label id={`${id}-tone`}>Tone</Label>
          <ChoiceSelect
            labelledBy={`${id}-tone`}
            value={tone ?? "professional"}
            onValueChange={(v) => setValue("tone", v as AiTone)}
            choices={aiTones.map((t) => ({ value: t, label: aiToneLabels[t] }))}
            disabled={isPending}
          />
        </div>
        <div className="grid gap-2">
          <Label id={`${id}-length`}>Length</Label>
          <ChoiceSelect
            labelledBy={`${id}-length`}
            value={length ?? "medium"}
            onValueChange={(v) => setValue("length", v as AiLength)}
            choices={aiLengths.map((l) => ({ value: l, label: lengthChoiceLabel(l) }))}
            disabled={isPending}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label id={`${id}-category`}>Category (Optional)</Label>
        <ChoiceSelect
          labelledBy={`${id}-category`}
          value={categoryId}
          onValueChange={(v) => setValue("categoryId", v)}
          choices={[
            { value: noCategory, label: "None" },
            ...categories.map((c) => ({ value: c.id, label: c.name })),
          ]}
          disabled={isPending}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-urls`}>Sources (Optional)</Label>
        <Textarea
          id={`${id}-urls`}
          rows={2}
          placeholder={"https://example.com/what-we-measured\nOne address per line"}
          aria-describedby={`${id}-urls-hint`}
          disabled={isPending}
          {...register("sourceUrls")}
        />
        <p id={`${id}-urls-hint`} className="text-xs text-muted-foreground">
          Pages to write from, one address per line (up to {researchLimits.ownerUrls}). The post
          cites them.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-notes`}>Notes (Optional)</Label>
        <Textarea
          id={`${id}-notes`}
          rows={2}
          maxLength={researchLimits.noteChars}
          placeholder="What you know first-hand: figures, tests, experience"
          disabled={isPending}
          {...register("notes")}
        />
      </div>
      {generation && <GenerationProgressView generation={generation} />}
    </FormDialog>
  );
}
