import type { ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { fieldClasses } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { cn } from "../../../lib/cn.ts";
import { useBlogAuthors } from "../api/get-blog-authors.ts";

/**
 * Who answers for the persona (decision 368): the owner ("" — the default) or an editor of
 * the blog, by the name readers would see.
 */
export function ResponsiblePerson({
  blogId,
  id,
  field,
  describedBy,
  hint,
  error,
}: {
  blogId: string;
  id: string;
  field: UseFormRegisterReturn<"personaResponsibleUserId">;
  describedBy: string | undefined;
  hint: ReactNode;
  error: ReactNode;
}) {
  const { data: authors = [] } = useBlogAuthors(blogId);
  const nameOf = (author: (typeof authors)[number]) =>
    author.name ?? author.publicName ?? "No public name yet";
  const owner = authors.find((author) => author.role === "owner");
  const editors = authors.filter((author) => author.role === "editor");
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Responsible Person</Label>
      <select
        id={id}
        {...field}
        aria-describedby={describedBy}
        className={cn(fieldClasses, "h-9 py-1")}
      >
        <option value="">{owner ? `${nameOf(owner)} (Owner)` : "The owner"}</option>
        {editors.map((editor) => (
          <option key={editor.userId} value={editor.userId}>
            {nameOf(editor)} (Editor)
          </option>
        ))}
      </select>
      {hint}
      {error}
    </div>
  );
}
