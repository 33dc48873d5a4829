import { ChevronDownIcon, LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormGetValues, UseFormRegister, UseFormSetValue } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { cn } from "../../../lib/cn.ts";
import { optimizeMeta } from "../api/optimize-meta.ts";
import type { EditorFields } from "../editor-fields.ts";
import { ContentChecksPanel } from "./content-checks-panel.tsx";
import { KeywordsInput } from "./keywords-input.tsx";

/** Who last filled the meta fields through 'AI Optimize' (until the owner edits them). */
type MetaSuggestion = null | "ai" | "offline";

/**
 * The editor's 'SEO Settings' card: meta title and description (with 'AI Optimize'), focus
 * keywords, the slug and, while open, the content checks.
 */
export function SeoSettingsCard({
  form: { register, getValues, setValue },
  fields,
  readOnly,
  blogId,
  postId,
  hasTitle,
}: {
  form: {
    register: UseFormRegister<EditorFields>;
    getValues: UseFormGetValues<EditorFields>;
    setValue: UseFormSetValue<EditorFields>;
  };
  fields: EditorFields;
  readOnly: boolean;
  blogId: string;
  postId: string | null;
  /** Says so and answers false when the post has no title yet ('AI Optimize' needs one). */
  hasTitle: () => boolean;
}) {
  const id = useId();
  const [seoOpen, setSeoOpen] = useState(false);
  const [optimizing, setOptimizing] = useState(false);
  const [metaSuggestion, setMetaSuggestion] = useState<MetaSuggestion>(null);

  /** 'AI Optimize': meta title and description from the model, or the offline optimizer. */
  async function optimize() {
    if (optimizing) return;
    if (!hasTitle()) return;
    const fields = getValues();
    setOptimizing(true);
    try {
      const meta = await optimizeMeta({
        title: fields.title,
        content: fields.content,
        keywords: fields.keywords,
        blogId,
        postId: postId ?? undefined,
      });
      setValue("metaTitle", meta.metaTitle, { shouldDirty: true });
      setValue("metaDescription", meta.metaDescription, { shouldDirty: true });
      setMetaSuggestion(meta.offline ? "offline" : "ai");
      toast(
        meta.offline
          ? {
              title: "Meta fields filled",
              description:
                "Offline suggestion from your title, first paragraph and focus keyword (no AI provider is configured).",
            }
          : {
              title: "Meta fields optimized",
              description: "AI rewrote the meta title and description. Review them before saving.",
            },
      );
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to optimize the meta fields"),
        variant: "destructive",
      });
    } finally {
      setOptimizing(false);
    }
  }

  /** Meta title or description with its length read out; typing drops the optimizer's suggestion. */
  const metaField = (
    field: "metaTitle" | "metaDescription",
    name: string,
    label: string,
    placeholder: string,
    Control: typeof Input | typeof Textarea,
  ) => (
    <div className="space-y-2">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Control
        id={`${id}-${name}`}
        {...register(field, { onChange: () => setMetaSuggestion(null) })}
        readOnly={readOnly}
        placeholder={placeholder}
        aria-describedby={`${id}-${name}-count`}
      />
      <p id={`${id}-${name}-count`} className="text-xs text-muted-foreground">
        {fields[field].length} characters
      </p>
    </div>
  );

  return (
    <Card className="p-5">
      <Button
        variant="ghost"
        className="w-full justify-between px-2"
        aria-expanded={seoOpen}
        aria-controls={`${id}-seo`}
        onClick={() => setSeoOpen(!seoOpen)}
      >
        SEO Settings
        <ChevronDownIcon
          aria-hidden="true"
          className={cn("transition-transform", seoOpen && "rotate-180")}
        />
      </Button>
      <div id={`${id}-seo`} hidden={!seoOpen} className="mt-4 space-y-4">
        {metaField(
          "metaTitle",
          "meta-title",
          "Meta Title",
          "SEO title (50-60 characters recommended)",
          Input,
        )}
        {metaField(
          "metaDescription",
          "meta-description",
          "Meta Description",
          "SEO description (150-160 characters recommended)",
          Textarea,
        )}
        <KeywordsInput
          keywords={fields.keywords}
          onChange={(keywords) => setValue("keywords", keywords, { shouldDirty: true })}
          readOnly={readOnly}
        />
        <div className="space-y-2">
          <Label htmlFor={`${id}-slug`}>URL Slug</Label>
          <Input
            id={`${id}-slug`}
            {...register("slug")}
            readOnly={readOnly}
            placeholder="post-url-slug"
          />
        </div>
        {!readOnly && (
          <div className="space-y-2">
            <Button
              variant="outline"
              className="w-full"
              onClick={() => void optimize()}
              disabled={optimizing}
            >
              {optimizing ? (
                <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
              ) : (
                <SparklesIcon aria-hidden="true" />
              )}
              {optimizing ? "Optimizing..." : "AI Optimize"}
            </Button>
            {metaSuggestion && (
              <p data-slot="meta-suggestion" className="text-xs text-muted-foreground">
                {metaSuggestion === "offline"
                  ? "Offline suggestion: made without an AI model from your title, first paragraph and focus keyword. Review it before saving."
                  : "Written by AI: review the meta title and description before saving."}
              </p>
            )}
          </div>
        )}
        {seoOpen && <ContentChecksPanel fields={fields} postId={postId} />}
      </div>
    </Card>
  );
}
