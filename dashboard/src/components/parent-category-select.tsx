import { ChoiceSelect } from "./choice-select.tsx";
import { Label } from "./ui/label.tsx";

const noParent = "none";

/** 'Parent Category (Optional)': one of `categories`, or none for a top-level category. */
export function ParentCategorySelect({
  id,
  value,
  onChange,
  categories,
}: {
  id: string;
  value: string | null;
  onChange: (parentId: string | null) => void;
  categories: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid gap-2">
      <Label id={id}>Parent Category (Optional)</Label>
      <ChoiceSelect
        labelledBy={id}
        value={value ?? noParent}
        onValueChange={(next) => onChange(next === noParent ? null : next)}
        choices={[{ value: noParent, label: "None (top level)" }, ...categories]}
      />
    </div>
  );
}
