import type { AltSuggestion } from "../../../contracts/media.ts";
import type { Storage } from "../../../site-builder/storage/storage.ts";
import type { AiGate } from "../../ai/gate.ts";
import { thumbnailOf } from "./presenter.ts";
import { type MediaRow, mediaKey } from "./service.ts";

/** Suggests alt text for an image of the owner's library (`context`: text around it). */
export type AltSuggester = (
  ownerId: string,
  item: MediaRow,
  context: string,
) => Promise<AltSuggestion>;

const cameraName =
  /^(img|dsc|dscn|dscf|pxl|photo|image|screenshot|screen shot|whatsapp image|mvimg|gopr)[\s_-]*\d*/i;

/**
 * The honest offline suggestion (docs/decisions/113): words from the file name (camera
 * numbers and dates dropped) and, when the name says nothing, the first sentence of the text
 * around the image. Labelled as a guess: nothing looked at the picture.
 */
export function offlineAltSuggestion(fileName: string, context: string): AltSuggestion {
  const words = fileName
    .replace(/\.[a-z0-9]{2,5}$/i, "")
    .replace(cameraName, "")
    .replace(/[_\-.+]+/g, " ")
    // Dates, times and counters say nothing about the picture.
    .replace(/\b\d{3,}\b/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/\s+/g, " ")
    .trim();
  const meaningful = /[a-z]{3,}/i.test(words) ? words : "";
  const sentence = context
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s/)[0]
    ?.slice(0, 120)
    .replace(/[.!?]$/, "");
  const alt = meaningful
    ? meaningful.charAt(0).toUpperCase() + meaningful.slice(1).toLowerCase()
    : sentence || "";
  return {
    alt,
    source: "offline",
    label: alt
      ? "Guessed from the file name and the text around the image (no AI looked at the picture): check that it describes what the image shows."
      : "No suggestion: the file name and the text around the image say nothing about it. Describe what the image shows.",
  };
}

/**
 * 'Suggest alt text' (decision 113): with a vision-capable model configured (AI_VISION_MODEL),
 * the model looks at a small copy of the image through the AI gate (limits and usage as for
 * every AI call); without one, the offline suggestion.
 */
export function createAltSuggester(deps: { ai: AiGate; storage: Storage }): AltSuggester {
  return async (ownerId, item, context) => {
    if (!deps.ai.visionConfigured) return offlineAltSuggestion(item.fileName, context);
    const small = thumbnailOf(item.variants);
    const bytes = await deps.storage.get(mediaKey(item.blogId, small.file));
    if (!bytes) return offlineAltSuggestion(item.fileName, context);
    const described = await deps.ai.describeImage(
      { ownerId, blogId: item.blogId, feature: "alt-text" },
      {
        image: `data:image/${small.format};base64,${bytes.toString("base64")}`,
        fileName: item.fileName,
        context: context.slice(0, 1000),
      },
    );
    if (!described) return offlineAltSuggestion(item.fileName, context);
    return {
      alt: described.alt,
      source: "ai",
      label: "Written by AI from the image: check that it is accurate before saving.",
    };
  };
}
