import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  BoldIcon,
  CodeIcon,
  CodeXmlIcon,
  Columns3Icon,
  Heading2Icon,
  ImageIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  type LucideIcon,
  MinusIcon,
  QuoteIcon,
  Rows3Icon,
  TableIcon,
  Trash2Icon,
  UnderlineIcon,
} from "lucide-react";
import type { KeyboardEvent } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/cn.ts";

type Tool = {
  label: string;
  icon: LucideIcon;
  /** Shown in the tooltip and announced (`aria-keyshortcuts`). */
  keys?: string;
  /** Toggles show their state with aria-pressed. */
  active?: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
  /** Only shown while true (the table tools while the caret is in a table). */
  when?: (editor: Editor) => boolean;
};

const focus = (editor: Editor) => editor.chain().focus();
const inTable = (editor: Editor) => editor.isActive("table");

export type ToolbarActions = { openLink: () => void; pickImage: () => void };

function toolsFor(actions: ToolbarActions): Tool[] {
  return [
    // The nine original buttons first, with their names.
    {
      label: "Bold",
      icon: BoldIcon,
      keys: "Control+B",
      active: (e) => e.isActive("bold"),
      run: (e) => focus(e).toggleBold().run(),
    },
    {
      label: "Italic",
      icon: ItalicIcon,
      keys: "Control+I",
      active: (e) => e.isActive("italic"),
      run: (e) => focus(e).toggleItalic().run(),
    },
    {
      label: "Underline",
      icon: UnderlineIcon,
      keys: "Control+U",
      active: (e) => e.isActive("underline"),
      run: (e) => focus(e).toggleUnderline().run(),
    },
    {
      label: "Heading",
      icon: Heading2Icon,
      keys: "Control+Alt+2",
      active: (e) => e.isActive("heading", { level: 2 }),
      run: (e) => focus(e).toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Bulleted list",
      icon: ListIcon,
      keys: "Control+Shift+8",
      active: (e) => e.isActive("bulletList"),
      run: (e) => focus(e).toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      icon: ListOrderedIcon,
      keys: "Control+Shift+7",
      active: (e) => e.isActive("orderedList"),
      run: (e) => focus(e).toggleOrderedList().run(),
    },
    {
      label: "Link",
      icon: LinkIcon,
      keys: "Control+K",
      active: (e) => e.isActive("link"),
      run: () => actions.openLink(),
    },
    { label: "Image", icon: ImageIcon, run: () => actions.pickImage() },
    {
      label: "Code",
      icon: CodeIcon,
      keys: "Control+E",
      active: (e) => e.isActive("code"),
      run: (e) => focus(e).toggleCode().run(),
    },
    {
      label: "Quote",
      icon: QuoteIcon,
      keys: "Control+Shift+B",
      active: (e) => e.isActive("blockquote"),
      run: (e) => focus(e).toggleBlockquote().run(),
    },
    {
      label: "Code block",
      icon: CodeXmlIcon,
      keys: "Control+Alt+C",
      active: (e) => e.isActive("codeBlock"),
      run: (e) => focus(e).toggleCodeBlock().run(),
    },
    {
      label: "Horizontal rule",
      icon: MinusIcon,
      run: (e) => focus(e).setHorizontalRule().run(),
    },
    {
      label: "Table",
      icon: TableIcon,
      active: inTable,
      run: (e) => focus(e).insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    { label: "Add row", icon: Rows3Icon, when: inTable, run: (e) => focus(e).addRowAfter().run() },
    {
      label: "Add column",
      icon: Columns3Icon,
      when: inTable,
      run: (e) => focus(e).addColumnAfter().run(),
    },
    {
      label: "Delete table",
      icon: Trash2Icon,
      when: inTable,
      run: (e) => focus(e).deleteTable().run(),
    },
  ];
}

/** Arrow keys move between the buttons, as in any toolbar. */
function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const buttons = Array.from(event.currentTarget.querySelectorAll("button"));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next = event.key === "ArrowRight" ? index + 1 : index - 1;
  buttons[(next + buttons.length) % buttons.length]?.focus();
}

const readable = (keys: string) => keys.replace("Control", "Ctrl");

/** The formatting toolbar: the nine original buttons, working, plus blocks and tables. */
export function RichTextToolbar({
  editor,
  disabled,
  actions,
}: {
  editor: Editor;
  disabled: boolean;
  actions: ToolbarActions;
}) {
  const tools = toolsFor(actions);
  // Re-render only when what the buttons show changes, not on every keystroke.
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      tools.map((tool) => ({
        active: tool.active?.(e) ?? false,
        shown: tool.when?.(e) ?? true,
      })),
    equalityFn: (a, b) =>
      b !== null &&
      a.length === b.length &&
      a.every((x, i) => x.active === b[i]?.active && x.shown === b[i]?.shown),
  });
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 rounded-t-md border border-b-0 bg-muted/90 p-1 backdrop-blur"
    >
      {tools.map((tool, index) => {
        const { active, shown } = state[index] ?? { active: false, shown: true };
        if (!shown) return null;
        const Icon = tool.icon;
        return (
          <Button
            key={tool.label}
            type="button"
            variant="ghost"
            size="icon"
            className={cn("size-8", active && "bg-accent text-accent-foreground")}
            tabIndex={index === 0 ? 0 : -1}
            disabled={disabled}
            title={tool.keys ? `${tool.label} (${readable(tool.keys)})` : tool.label}
            aria-pressed={tool.active ? active : undefined}
            aria-keyshortcuts={tool.keys}
            // Keep the editor's selection: the button acts on it.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => tool.run(editor)}
          >
            <Icon aria-hidden="true" />
            <span className="sr-only">{tool.label}</span>
          </Button>
        );
      })}
    </div>
  );
}
