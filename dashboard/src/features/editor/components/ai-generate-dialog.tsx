import type { GeneratedPost } from "@contracts/ai.ts";
import type { Category } from "@contracts/categories.ts";
import { aiLengths, aiTones } from "@contracts/limits.ts";
import { CircleCheckIcon, CircleIcon, LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { generatePost } from "../api/generate-post.ts";
import { generationProgress, generationStages, typicalSeconds } from "./generation-progress.ts";

type Tone = (typeof aiTones)[number];
type Length = (typeof aiLengths)[number];

const toneLabels: Record<Tone, string> = {
  professional: "Professional",
  casual: "Casual",
  technical: "Technical",
  friendly: "Friendly",
};
const lengthLabels: Record<Length, string> = {
  short: "Short (~800 words)",
  medium: "Medium (~1500 words)",
  long: "Long (~2500 words)",
};
const noCategory = "none";

/**
 * While a post is written: the elapsed seconds and a stage estimated from them. The model
 * answers once, at the end, so the stages are an estimate and the text says so.
 */
function GenerationProgressView({ elapsed, length }: { elapsed: number; length: Length }) {
  const progress = generationProgress(elapsed, length);
  return (
    <div data-slot="generation-progress" className="grid gap-2 rounded-lg border bg-muted/40 p-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium">
        <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin" />
        {progress.label}
      </p>
      <ol aria-label="Generation steps" className="grid gap-1 text-xs">
        {generationStages.map((stage, i) => {
          const done = i < progress.stage;
          const current = i === progress.stage;
          const Icon = done ? CircleCheckIcon : current ? LoaderCircleIcon : CircleIcon;
          return (
            <li
              key={stage.label}
              aria-current={current ? "step" : undefined}
              className={cn(
                "flex items-center gap-2",
                !done && !current && "text-muted-foreground",
              )}
            >
              <Icon
                aria-hidden="true"
                className={cn("size-3.5", done && "text-success", current && "animate-spin")}
              />
              {stage.label}
            </li>
          );
        })}
      </ol>
      <p className="text-xs text-muted-foreground">
        {elapsed} s elapsed; a {length} post usually takes about {typicalSeconds[length]} s. The
        steps are an estimate: the AI sends the whole post when it is done.
      </p>
    </div>
  );
}

/**
 * Spec section 2.6: 'Generate Blog Post with AI' with topic, tone, length and an optional
 * category. Busy while pending, with progress and a way to cancel; on success it hands the
 * result over and closes.
 */
export function AiGenerateDialog({
  open,
  onOpenChange,
  blogId,
  postId,
  categories,
  onGenerated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  blogId: string;
  /** The saved post being written, if any: its AI usage is counted for it. */
  postId?: string;
  categories: Category[];
  onGenerated: (post: GeneratedPost, categoryId: string | null) => void;
}) {
  const id = useId();
  const [topic, setTopic] = useState("");
  const [tone, setTone] = useState<Tone>("professional");
  const [length, setLength] = useState<Length>("medium");
  const [categoryId, setCategoryId] = useState(noCategory);
  const [isPending, setPending] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const request = useRef<AbortController | null>(null);

  // Seconds since the request started, while it runs.
  useEffect(() => {
    if (!isPending) return;
    const started = Date.now();
    setElapsed(0);
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [isPending]);
  // Leaving the editor cancels a request still running.
  useEffect(() => () => request.current?.abort(), []);

  function cancel() {
    request.current?.abort();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    if (!topic.trim()) {
      toast({
        title: "Topic required",
        description: "Please enter a topic for AI generation.",
        variant: "destructive",
      });
      return;
    }
    const category = categories.find((c) => c.id === categoryId) ?? null;
    const controller = new AbortController();
    request.current = controller;
    setPending(true);
    try {
      const post = await generatePost(
        { topic: topic.trim(), tone, length, category: category?.name ?? null, blogId, postId },
        controller.signal,
      );
      onGenerated(post, category?.id ?? null);
      toast({
        title: "Content generated",
        description:
          post.source === "offline"
            ? "Offline draft (no AI provider is configured): fill in each section."
            : "Review and edit as needed.",
      });
      onOpenChange(false);
    } catch (err) {
      if (controller.signal.aborted) {
        toast({
          title: "Generation cancelled",
          description: "Nothing was generated. Your topic and options are kept.",
        });
      } else {
        toast({
          title: "Error",
          description: errorMessage(err, "Failed to generate content"),
          variant: "destructive",
        });
      }
    } finally {
      if (request.current === controller) request.current = null;
      setPending(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !isPending && onOpenChange(next)}>
      <DialogContent>
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-busy={isPending}>
          <DialogHeader>
            <DialogTitle>Generate Blog Post with AI</DialogTitle>
            <DialogDescription>
              Describe the post; the draft fills the editor for you to review.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-topic`}>Topic</Label>
            <Input
              id={`${id}-topic`}
              value={topic}
              placeholder="e.g. Ten tips for a first trail marathon"
              onChange={(event) => setTopic(event.target.value)}
              disabled={isPending}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label id={`${id}-tone`}>Tone</Label>
              <ChoiceSelect
                labelledBy={`${id}-tone`}
                value={tone}
                onValueChange={(v) => setTone(v as Tone)}
                choices={aiTones.map((t) => ({ value: t, label: toneLabels[t] }))}
                disabled={isPending}
              />
            </div>
            <div className="grid gap-2">
              <Label id={`${id}-length`}>Length</Label>
              <ChoiceSelect
                labelledBy={`${id}-length`}
                value={length}
                onValueChange={(v) => setLength(v as Length)}
                choices={aiLengths.map((l) => ({ value: l, label: lengthLabels[l] }))}
                disabled={isPending}
              />
            </div>
          </div>
          <div className="grid gap-2">
            <Label id={`${id}-category`}>Category (Optional)</Label>
            <ChoiceSelect
              labelledBy={`${id}-category`}
              value={categoryId}
              onValueChange={setCategoryId}
              choices={[
                { value: noCategory, label: "None" },
                ...categories.map((c) => ({ value: c.id, label: c.name })),
              ]}
              disabled={isPending}
            />
          </div>
          {isPending && <GenerationProgressView elapsed={elapsed} length={length} />}
          <DialogFooter>
            <Button variant="outline" onClick={() => (isPending ? cancel() : onOpenChange(false))}>
              Cancel
            </Button>
            <Button type="submit" disabled={isPending}>
              {isPending ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              {isPending ? "Generating..." : "Generate"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
