import { useId } from "react";
import { Label } from "./ui/label.tsx";
import { Switch } from "./ui/switch.tsx";

/** An affiliate link's 'Auto-Insert' switch with its explanation (link forms on two screens). */
export function AutoInsertField({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  const hint = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="space-y-1">
        <Label htmlFor={id}>Auto-Insert</Label>
        <p id={hint} className="text-sm text-muted-foreground">
          Link the keyword automatically in published posts.
        </p>
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} aria-describedby={hint} />
    </div>
  );
}
