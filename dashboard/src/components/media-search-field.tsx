import { useId } from "react";
import { cn } from "../lib/cn.ts";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";

/** The media library's search box (file name or alt text), on the Media screen and in the picker. */
export function MediaSearchField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn("space-y-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="search"
        value={value}
        placeholder="File name or alt text"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
