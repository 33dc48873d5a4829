import { type MediaItem, mediaLimits, updateMediaInput } from "@contracts/media.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { LoaderCircleIcon, SparklesIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useSWRConfig } from "swr";
import { revalidateMedia } from "../lib/api/get-media.ts";
import { suggestAltText } from "../lib/api/suggest-alt-text.ts";
import { updateMedia } from "../lib/api/update-media.ts";
import { errorMessage } from "../lib/api-client.ts";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { toast } from "./ui/use-toast.ts";

/**
 * An image's alt text with Save and 'Suggest alt text' (AI with a vision model, else an
 * offline guess, labelled as such). `context`: text around the image, for the suggestion.
 */
export function MediaAltText({
  item,
  context = "",
  readOnly = false,
  onSaved,
}: {
  item: MediaItem;
  context?: string;
  readOnly?: boolean;
  onSaved?: (item: MediaItem) => void;
}) {
  const id = useId();
  const { mutate } = useSWRConfig();
  // Not a <form> of its own: in the editor it sits inside the post's form.
  const { control, register, handleSubmit, getValues, setValue } = useForm({
    defaultValues: { alt: item.alt },
    resolver: zodResolver(updateMediaInput),
  });
  const alt = useWatch({ control, name: "alt" });
  const [busy, setBusy] = useState<null | "save" | "suggest">(null);
  const [note, setNote] = useState<string | null>(null);

  // The alt text goes as typed: the server trims it.
  async function save() {
    setBusy("save");
    try {
      const saved = await updateMedia(item.blogId, item.id, { alt: getValues("alt") });
      await revalidateMedia(mutate, item.blogId);
      toast({ title: "Alt text saved", description: saved.alt || "The image has no alt text." });
      onSaved?.(saved);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to save the alt text"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  async function suggest() {
    setBusy("suggest");
    try {
      const suggestion = await suggestAltText(item.blogId, item.id, context);
      if (suggestion.alt) setValue("alt", suggestion.alt);
      setNote(suggestion.label);
    } catch (err) {
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to suggest alt text"),
        variant: "destructive",
      });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={`${id}-alt`}>Alt text</Label>
      <Input
        id={`${id}-alt`}
        maxLength={mediaLimits.alt}
        readOnly={readOnly}
        placeholder="Describe what the image shows"
        {...register("alt")}
      />
      {!readOnly && (
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            onClick={(event) => void handleSubmit(save)(event)}
            disabled={busy !== null || alt.trim() === item.alt}
          >
            {busy === "save" ? "Saving..." : "Save alt text"}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => void suggest()}
            disabled={busy !== null}
          >
            {busy === "suggest" ? (
              <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
            ) : (
              <SparklesIcon aria-hidden="true" />
            )}
            Suggest alt text
          </Button>
        </div>
      )}
      {note && (
        <p data-slot="alt-suggestion-note" className="text-xs text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
