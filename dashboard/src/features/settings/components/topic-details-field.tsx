import { lengthChoiceLabel } from "@contracts/ai.ts";
import type { Category } from "@contracts/categories.ts";
import {
  type AiLength,
  type AiTone,
  aiLengthLabels,
  aiLengths,
  aiToneLabels,
  aiTones,
} from "@contracts/limits.ts";
import { researchLimits } from "@contracts/research.ts";
import { ChevronDownIcon } from "lucide-react";
import * as Collapsible from "radix-ui/collapsible";
import { useId, useState } from "react";
import { fieldClasses } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { useCategories } from "../../../lib/api/get-categories.ts";
import { cn } from "../../../lib/cn.ts";
import {
  parseNotes,
  parseSourceUrls,
  type TopicDetailField,
  type TopicDetailForm,
} from "./automation-form.ts";

type Change = Partial<Omit<TopicDetailForm, "topic">>;

/**
 * Issue 31: how automation writes each listed topic (length, tone, category) and what the
 * owner knows about it (pages and notes). One row per topic, closed to a one-line summary.
 */
export function TopicDetailsField({
  blogId,
  topics,
  detailOf,
  errorOf,
  onChange,
}: {
  blogId: string;
  topics: string[];
  detailOf: (topic: string) => TopicDetailForm;
  errorOf: (topic: string, field: TopicDetailField) => string | undefined;
  onChange: (topic: string, change: Change) => void;
}) {
  const hintId = useId();
  const { data: categories } = useCategories(blogId);
  const [opened, setOpened] = useState<string[]>([]);
  return (
    <fieldset className="space-y-2" aria-describedby={hintId}>
      <legend className="text-sm leading-none font-medium">Topic details</legend>
      <p id={hintId} className="text-sm text-muted-foreground">
        A topic you leave as it is gets a medium-length post in a professional tone.
      </p>
      <ul className="divide-y rounded-lg border">
        {topics.map((topic) => (
          <TopicDetailRow
            key={topic}
            topic={topic}
            detail={detailOf(topic)}
            categories={categories}
            errorOf={(field) => errorOf(topic, field)}
            open={opened.includes(topic)}
            onOpenChange={(open) =>
              setOpened((now) => (open ? [...now, topic] : now.filter((t) => t !== topic)))
            }
            onChange={(change) => onChange(topic, change)}
          />
        ))}
      </ul>
    </fieldset>
  );
}

/** 'Long · Casual · Teas · 2 sources'. */
export function topicDetailSummary(
  detail: TopicDetailForm,
  categories: Category[] | undefined,
): string {
  const sources = parseSourceUrls(detail.urls).length + parseNotes(detail.notes).length;
  return [
    aiLengthLabels[detail.length],
    aiToneLabels[detail.tone],
    categoryName(detail.categoryId, categories) ?? "no category",
    ...(sources > 0 ? [sources === 1 ? "1 source" : `${sources} sources`] : []),
  ].join(" · ");
}

/** The category's name; one no longer among the blog's says so (saving it is refused). */
function categoryName(id: string, categories: Category[] | undefined): string | null {
  if (!id) return null;
  if (!categories) return "category";
  return categories.find((c) => c.id === id)?.name ?? "deleted category";
}

const selectClasses = cn(fieldClasses, "h-9 py-1");

function TopicDetailRow({
  topic,
  detail,
  categories,
  errorOf,
  open,
  onOpenChange,
  onChange,
}: {
  topic: string;
  detail: TopicDetailForm;
  categories: Category[] | undefined;
  errorOf: (field: TopicDetailField) => string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChange: (change: Change) => void;
}) {
  const id = useId();
  const fieldId = (field: TopicDetailField) => `${id}-${field}`;
  const errorId = (field: TopicDetailField) => `${id}-${field}-error`;
  const hasError = (["length", "tone", "categoryId", "urls", "notes"] as const).some(errorOf);
  /** The field's own hint and, when the save was refused, why. */
  const describedBy = (field: TopicDetailField, hint?: string) =>
    [hint, errorOf(field) ? errorId(field) : undefined].filter(Boolean).join(" ") || undefined;
  const errorText = (field: TopicDetailField) => {
    const message = errorOf(field);
    return message ? (
      <p id={errorId(field)} className="text-sm text-error">
        {message}
      </p>
    ) : null;
  };
  const unknownCategory =
    detail.categoryId !== "" && !categories?.some((c) => c.id === detail.categoryId);

  return (
    // A row with a refused field stays open, so the reason is in view.
    <Collapsible.Root asChild open={open || hasError} onOpenChange={onOpenChange}>
      <li>
        <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring/40">
          <span className="min-w-0 flex-1 truncate font-medium">{topic}</span>{" "}
          <span className="shrink-0 text-muted-foreground">
            {topicDetailSummary(detail, categories)}
          </span>
          <ChevronDownIcon
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform [[data-state=open]>&]:rotate-180"
          />
        </Collapsible.Trigger>
        <Collapsible.Content className="grid gap-4 px-3 pt-1 pb-3">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor={fieldId("length")}>Length</Label>
              <select
                id={fieldId("length")}
                value={detail.length}
                onChange={(event) => onChange({ length: event.target.value as AiLength })}
                aria-invalid={errorOf("length") ? true : undefined}
                aria-describedby={describedBy("length")}
                className={selectClasses}
              >
                {aiLengths.map((length) => (
                  <option key={length} value={length}>
                    {lengthChoiceLabel(length)}
                  </option>
                ))}
              </select>
              {errorText("length")}
            </div>
            <div className="space-y-2">
              <Label htmlFor={fieldId("tone")}>Tone</Label>
              <select
                id={fieldId("tone")}
                value={detail.tone}
                onChange={(event) => onChange({ tone: event.target.value as AiTone })}
                aria-invalid={errorOf("tone") ? true : undefined}
                aria-describedby={describedBy("tone")}
                className={selectClasses}
              >
                {aiTones.map((tone) => (
                  <option key={tone} value={tone}>
                    {aiToneLabels[tone]}
                  </option>
                ))}
              </select>
              {errorText("tone")}
            </div>
          </div>

          <div className="space-y-2">
            <Label htmlFor={fieldId("categoryId")}>Category</Label>
            <select
              id={fieldId("categoryId")}
              value={detail.categoryId}
              onChange={(event) => onChange({ categoryId: event.target.value })}
              aria-invalid={errorOf("categoryId") ? true : undefined}
              aria-describedby={describedBy("categoryId", `${id}-category-hint`)}
              className={selectClasses}
            >
              <option value="">No category</option>
              {categories?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
              {unknownCategory && (
                <option value={detail.categoryId}>
                  {categories ? "Deleted category" : "Loading categories..."}
                </option>
              )}
            </select>
            <p id={`${id}-category-hint`} className="text-sm text-muted-foreground">
              Without one, a post goes under a category whose name is in the topic, if there is one.
            </p>
            {errorText("categoryId")}
          </div>

          <div className="space-y-2">
            <Label htmlFor={fieldId("urls")}>Sources</Label>
            <Textarea
              id={fieldId("urls")}
              value={detail.urls}
              rows={2}
              placeholder={"https://example.com/what-we-measured\nOne address per line"}
              onChange={(event) => onChange({ urls: event.target.value })}
              aria-invalid={errorOf("urls") ? true : undefined}
              aria-describedby={describedBy("urls", `${id}-urls-hint`)}
            />
            <p id={`${id}-urls-hint`} className="text-sm text-muted-foreground">
              Pages to write from, one address per line (up to {researchLimits.ownerUrls}). Posts on
              this topic cite them.
            </p>
            {errorText("urls")}
          </div>

          <div className="space-y-2">
            <Label htmlFor={fieldId("notes")}>Notes</Label>
            <Textarea
              id={fieldId("notes")}
              value={detail.notes}
              rows={3}
              placeholder="What you know first-hand: figures, tests, experience"
              onChange={(event) => onChange({ notes: event.target.value })}
              aria-invalid={errorOf("notes") ? true : undefined}
              aria-describedby={describedBy("notes", `${id}-notes-hint`)}
            />
            <p id={`${id}-notes-hint`} className="text-sm text-muted-foreground">
              Leave a blank line between notes (up to {researchLimits.ownerNotes}).
            </p>
            {errorText("notes")}
          </div>
        </Collapsible.Content>
      </li>
    </Collapsible.Root>
  );
}
