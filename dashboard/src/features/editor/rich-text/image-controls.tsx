import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import {
  type ImageWidth,
  removeImage,
  type SelectedImage,
  selectedImage,
  setImageAlt,
  setImageCaption,
  setImageWidth,
} from "./image-frame.ts";

const widths: { value: ImageWidth; label: string }[] = [
  { value: "normal", label: "Normal" },
  { value: "wide", label: "Wide" },
  { value: "full", label: "Full" },
];

const same = (a: SelectedImage | null, b: SelectedImage | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.pos === b.pos &&
    a.src === b.src &&
    a.alt === b.alt &&
    a.caption === b.caption &&
    a.width === b.width);

/**
 * The selected image's controls (decision 350): alt text, caption, width, replace and remove.
 * Drawn under the formatting toolbar (in the page's flow, so it never covers the text), outside
 * the editable text, so typing in them never moves the editor's selection off the image.
 * Escape goes back to the text.
 */
export function ImageControls({
  editor,
  disabled,
  onReplace,
  focusAltText,
  onAltTextFocused,
}: {
  editor: Editor;
  disabled: boolean;
  onReplace: () => void;
  /** Set when an image went in without alt text: the alt text field takes the focus. */
  focusAltText: boolean;
  onAltTextFocused: () => void;
}) {
  const id = useId();
  const altInput = useRef<HTMLInputElement>(null);
  const image = useEditorState({
    editor,
    selector: ({ editor: e }) => (e.isEditable ? selectedImage(e.state) : null),
    equalityFn: same,
  });

  useEffect(() => {
    if (!image || !focusAltText) return;
    onAltTextFocused();
    const input = altInput.current;
    if (!input) return;
    input.focus();
    // The dialog the image came from hands focus back to where it was opened once it has
    // closed, which is after this: the first such move within a moment comes back here.
    const panel = input.closest("fieldset");
    const takeBack = (event: FocusEvent) => {
      if (panel?.contains(event.target as Node)) return;
      stop();
      input.focus();
    };
    const stop = () => {
      document.removeEventListener("focusin", takeBack);
      clearTimeout(timer);
    };
    document.addEventListener("focusin", takeBack);
    const timer = setTimeout(stop, 1000);
  }, [image, focusAltText, onAltTextFocused]);

  if (!image || disabled) return null;

  /** Escape returns to the text from any control inside. */
  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    editor.commands.focus();
  }

  return (
    <fieldset
      aria-label="Image"
      onKeyDown={onKeyDown}
      className="grid gap-3 border border-b-0 bg-popover p-3 text-popover-foreground sm:grid-cols-2"
    >
      <div className="space-y-1">
        <Label htmlFor={`${id}-alt`}>Alt text</Label>
        <Input
          id={`${id}-alt`}
          ref={altInput}
          value={image.alt}
          placeholder="What the image shows"
          aria-describedby={image.alt ? undefined : `${id}-alt-missing`}
          aria-invalid={image.alt ? undefined : true}
          onChange={(event) => setImageAlt(editor, event.target.value)}
        />
        {!image.alt && (
          <p id={`${id}-alt-missing`} className="text-xs text-destructive">
            Describe the image for readers who cannot see it.
          </p>
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-caption`}>Caption</Label>
        <Input
          id={`${id}-caption`}
          value={image.caption}
          placeholder="Shown under the image"
          onChange={(event) => setImageCaption(editor, event.target.value)}
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">Width</legend>
        <div className="flex gap-4">
          {widths.map((width) => (
            <label key={width.value} className="flex items-center gap-1.5 text-sm">
              <input
                type="radio"
                name={`${id}-width`}
                value={width.value}
                checked={image.width === width.value}
                onChange={() => setImageWidth(editor, width.value)}
                className="size-4 accent-primary"
              />
              {width.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onReplace}>
          Replace image
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => {
            removeImage(editor);
            editor.commands.focus();
          }}
        >
          Remove image
        </Button>
      </div>
    </fieldset>
  );
}
