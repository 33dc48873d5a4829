import { XIcon } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { focusRing } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { cn } from "../../../lib/cn.ts";

/**
 * Spec section 2.6: Enter adds the typed keyword; blank input is ignored. A keyword already
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
      {keywords.length > 0 ? (
        <ul aria-label="Focus keywords" className="flex flex-wrap gap-2">
          {keywords.map((keyword) => (
            <li
              key={keyword}
              className="inline-flex items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-xs text-secondary-foreground"
            >
              <span data-slot="keyword">{keyword}</span>
              {!readOnly && (
                <button
                  type="button"
                  onClick={() => onChange(removeKeyword(keywords, keyword))}
                  className={cn("rounded-full p-0.5 hover:bg-accent", focusRing)}
                >
                  <XIcon aria-hidden="true" className="size-3" />
                  <span className="sr-only">Remove keyword {keyword}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        readOnly && <p className="text-sm text-muted-foreground">No keywords</p>
      )}
    </div>
  );
}
