import type { AltSuggestion } from "../../../contracts/media.ts";
import type { MediaRow } from "./service.ts";

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
    .replace(/\b\d{4}[-_]?\d{2}[-_]?\d{2}\b|\b\d{6,}\b/g, " ")
    .replace(/[_\-.+]+/g, " ")
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

/** Without a vision-capable model: the offline suggestion. */
export const offlineAltSuggester: AltSuggester = async (_ownerId, item, context) =>
  offlineAltSuggestion(item.fileName, context);
