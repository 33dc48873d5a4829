import { limits } from "@contracts/limits.ts";
import { type KeyboardEvent, useId, useState } from "react";
import { ChipList } from "../../../components/chip-list.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { useTags } from "../../../lib/api/get-tags.ts";
import { cn } from "../../../lib/cn.ts";

/** Suggestions shown at once, at most. */
const maxSuggestions = 8;

/**
 * The tags with `input` added: trimmed, cut to the name limit, not twice (ignoring case, as the
 * server keeps one), not past the limit per post. Blank input changes nothing.
 */
export function addTag(tags: readonly string[], input: string): string[] {
  const tag = input.trim().slice(0, limits.tagName).trim();
  if (!tag || tags.length >= limits.tagsPerPost) return [...tags];
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

/** The blog's tag names that start with or contain `input`, not already on the post. */
export function tagSuggestions(
  known: readonly string[],
  chosen: readonly string[],
  input: string,
): string[] {
  const typed = input.trim().toLowerCase();
  if (!typed) return [];
  const taken = new Set(chosen.map((t) => t.toLowerCase()));
  const open = known.filter((name) => !taken.has(name.toLowerCase()));
  const starts = open.filter((name) => name.toLowerCase().startsWith(typed));
  const contains = open.filter(
    (name) => !name.toLowerCase().startsWith(typed) && name.toLowerCase().includes(typed),
  );
  return [...starts, ...contains].slice(0, maxSuggestions);
}

/**
 * The post's tags (issue 33): Enter or a comma adds the typed name, the list offers the blog's
 * existing tags as the owner types (arrow keys and Enter, or a click), each chip can be removed.
 */
export function TagsInput({
  blogId,
  tags,
  onChange,
  readOnly = false,
}: {
  blogId: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");
  const [active, setActive] = useState(-1);
  const { data: known = [] } = useTags(readOnly ? null : blogId);
  const suggestions = tagSuggestions(
    known.map((t) => t.name),
    tags,
    draft,
  );
  const open = suggestions.length > 0;
  const full = tags.length >= limits.tagsPerPost;

  function add(name: string) {
    onChange(addTag(tags, name));
    setDraft("");
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && open) {
      event.preventDefault();
      setActive((active + 1) % suggestions.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(open && active >= 0 ? (suggestions[active] ?? draft) : draft);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setDraft("");
      setActive(-1);
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Tags</Label>
      {!readOnly && (
        <div className="relative">
          <Input
            id={id}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={`${id}-suggestions`}
            aria-activedescendant={open && active >= 0 ? `${id}-option-${active}` : undefined}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            value={draft}
            maxLength={limits.tagName}
            disabled={full}
            placeholder={full ? `${limits.tagsPerPost} tags at most` : "Type a tag and press Enter"}
            onChange={(event) => {
              setDraft(event.target.value);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
          />
          <div
            id={`${id}-suggestions`}
            role="listbox"
            aria-label="Existing tags"
            hidden={!open}
            className="absolute z-10 mt-1 w-full rounded-md border bg-popover p-1 text-sm shadow-md"
          >
            {suggestions.map((name, i) => (
              // Chosen with the mouse or the keyboard (the input's arrow keys and Enter).
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
              <div
                key={name}
                id={`${id}-option-${i}`}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className={cn(
                  "cursor-pointer rounded-sm px-2 py-1.5",
                  i === active && "bg-accent text-accent-foreground",
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => add(name)}
              >
                {name}
              </div>
            ))}
          </div>
        </div>
      )}
      {!readOnly && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {tags.length} of {limits.tagsPerPost} tags
        </p>
      )}
      <ChipList
        label="Tags"
        items={tags}
        slot="tag"
        removeLabel={(tag) => `Remove tag ${tag}`}
        onRemove={(tag) => onChange(tags.filter((t) => t !== tag))}
        readOnly={readOnly}
        emptyText="No tags"
      />
    </div>
  );
}
