import { type KeyboardEvent, useId, useState } from "react";
import { ChipList } from "../../../components/chip-list.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";

/**
 * Enter adds the typed keyword; blank input is ignored. A keyword already
 * in the list (ignoring case) is not added twice, as the server would drop it anyway (020).
 */
export function addKeyword(keywords: readonly string[], input: string): string[] {
  const keyword = input.trim();
  if (!keyword) return [...keywords];
  if (keywords.some((k) => k.toLowerCase() === keyword.toLowerCase())) return [...keywords];
  return [...keywords, keyword];
}

export function removeKeyword(keywords: readonly string[], keyword: string): string[] {
  return keywords.filter((k) => k !== keyword);
}

export function KeywordsInput({
  keywords,
  onChange,
  readOnly = false,
}: {
  keywords: string[];
  onChange: (keywords: string[]) => void;
  readOnly?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState("");

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    onChange(addKeyword(keywords, draft));
    setDraft("");
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Focus Keywords</Label>
      {!readOnly && (
        <Input
          id={id}
          value={draft}
          placeholder="Type a keyword and press Enter"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
      )}
      <ChipList
        label="Focus keywords"
        items={keywords}
        slot="keyword"
        removeLabel={(keyword) => `Remove keyword ${keyword}`}
        onRemove={(keyword) => onChange(removeKeyword(keywords, keyword))}
        readOnly={readOnly}
        emptyText="No keywords"
      />
    </div>
  );
}
