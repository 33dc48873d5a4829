import { Extension } from "@tiptap/core";
import { ReactRenderer } from "@tiptap/react";
import Suggestion, { type SuggestionProps } from "@tiptap/suggestion";
import { forwardRef, useEffect, useImperativeHandle, useState } from "react";
import { cn } from "../../../lib/cn.ts";
import { type BlockCommand, matchingCommands } from "./block-commands.ts";

type MenuHandle = { onKeyDown: (event: KeyboardEvent) => boolean };
type MenuProps = { items: BlockCommand[]; command: (item: BlockCommand) => void };

/** The '/' menu: a listbox the arrow keys move through while the caret stays in the text. */
const SlashMenuList = forwardRef<MenuHandle, MenuProps>(function SlashMenuList(
  { items, command },
  ref,
) {
  const [index, setIndex] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new query starts at the top
  useEffect(() => setIndex(0), [items]);
  useImperativeHandle(ref, () => ({
    onKeyDown(event) {
      if (items.length === 0) return false;
      if (event.key === "ArrowDown") {
        setIndex((index + 1) % items.length);
        return true;
      }
      if (event.key === "ArrowUp") {
        setIndex((index - 1 + items.length) % items.length);
        return true;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        const item = items[index];
        if (item) command(item);
        return true;
      }
      return false;
    },
  }));
  if (items.length === 0) return null;
  return (
    <div
      role="listbox"
      aria-label="Insert block"
      className="z-50 max-h-80 w-72 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
    >
      {items.map((item, i) => (
        <div
          key={item.title}
          role="option"
          aria-selected={i === index}
          tabIndex={-1}
          className={cn(
            "cursor-pointer rounded-sm px-2 py-1.5 text-sm",
            i === index && "bg-accent text-accent-foreground",
          )}
          onMouseDown={(event) => {
            event.preventDefault();
            command(item);
          }}
          onMouseEnter={() => setIndex(i)}
        >
          <div className="font-medium">{item.title}</div>
          <div className="text-xs text-muted-foreground">{item.description}</div>
        </div>
      ))}
    </div>
  );
});

export type SlashMenuOptions = { pickImage: () => void };

/** Typing '/' at the start of a word opens the block menu (@tiptap/suggestion). */
export const SlashMenu = Extension.create<SlashMenuOptions>({
  name: "slashMenu",
  addOptions: () => ({ pickImage: () => {} }),
  addProseMirrorPlugins() {
    const host = { pickImage: () => this.options.pickImage() };
    return [
      Suggestion<BlockCommand, BlockCommand>({
        editor: this.editor,
        char: "/",
        startOfLine: false,
        items: ({ query }) => matchingCommands(query),
        command: ({ editor, range, props }) => props.run(editor, range, host),
        render: () => {
          let renderer: ReactRenderer<MenuHandle, MenuProps> | null = null;
          let unmount: (() => void) | null = null;
          return {
            onStart(props: SuggestionProps<BlockCommand, BlockCommand>) {
              renderer = new ReactRenderer(SlashMenuList, {
                editor: props.editor,
                props: { items: props.items, command: props.command },
              });
              unmount = props.mount(renderer.element as HTMLElement);
            },
            onUpdate(props) {
              renderer?.updateProps({ items: props.items, command: props.command });
            },
            onKeyDown({ event }) {
              if (event.key === "Escape") return false;
              return renderer?.ref?.onKeyDown(event) ?? false;
            },
            onExit() {
              unmount?.();
              renderer?.destroy();
              renderer = null;
              unmount = null;
            },
          };
        },
      }),
    ];
  },
});
