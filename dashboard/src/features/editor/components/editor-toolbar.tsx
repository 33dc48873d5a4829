import {
  BoldIcon,
  CodeIcon,
  Heading2Icon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  type LucideIcon,
  UnderlineIcon,
} from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button.tsx";

const tools: { label: string; icon: LucideIcon }[] = [
  { label: "Bold", icon: BoldIcon },
  { label: "Italic", icon: ItalicIcon },
  { label: "Underline", icon: UnderlineIcon },
  { label: "Heading", icon: Heading2Icon },
  { label: "Bulleted list", icon: ListIcon },
  { label: "Numbered list", icon: ListOrderedIcon },
  { label: "Link", icon: LinkIcon },
  { label: "Image", icon: ImageIcon },
  { label: "Code", icon: CodeIcon },
];

/** Arrow keys move between the buttons, as in any toolbar. */
function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next = event.key === "ArrowRight" ? index + 1 : index - 1;
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

/**
 * Spec section 2.6: the formatting toolbar is shown but does nothing; the editor offers
 * plain text editing only.
 */
export function EditorToolbar({ disabled = false }: { disabled?: boolean }) {
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-md border border-b-0 bg-muted/50 p-1"
    >
      {tools.map(({ label, icon: Icon }, index) => (
        <Button
          key={label}
          variant="ghost"
          size="icon"
          className="size-8"
          tabIndex={index === 0 ? 0 : -1}
          disabled={disabled}
          title={label}
        >
          <Icon aria-hidden="true" />
          <span className="sr-only">{label}</span>
        </Button>
      ))}
    </div>
  );
}
