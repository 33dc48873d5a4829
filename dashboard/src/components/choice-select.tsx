import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "./ui/select.tsx";

export type Choice = { value: string; label: string };

export type ChoiceSelectProps = {
  labelledBy: string;
  value: string;
  onValueChange: (value: string) => void;
  choices: readonly Choice[];
  disabled?: boolean;
  className?: string;
};

/** A select of fixed choices, named by the label whose id is `labelledBy`. */
export function ChoiceSelect({
  labelledBy,
  value,
  onValueChange,
  choices,
  disabled,
  className,
}: ChoiceSelectProps) {
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled}>
      <SelectTrigger aria-labelledby={labelledBy} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {choices.map((choice) => (
          <SelectItem key={choice.value} value={choice.value}>
            {choice.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
