import { useId, useState } from "react";
import type { Choice } from "../../../components/choice-select.tsx";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";

export type BulkChoice = "status" | "category" | "delete";

const postsText = (count: number) => (count === 1 ? "1 post" : `${count} posts`);

/**
 * The one confirmation of a bulk action (decision 355), naming how many posts it touches. For
 * a status or a category the choice is made here too, so one dialog both asks and confirms.
 * `onConfirm` closes the dialog when done; when it rejects, the dialog stays for another try.
 */
export function BulkActionDialog({
  open,
  action,
  count,
  choices,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  action: BulkChoice;
  count: number;
  /** The statuses or categories offered (not used to delete). */
  choices: readonly Choice[];
  onOpenChange: (open: boolean) => void;
  onConfirm: (value: string) => Promise<unknown>;
}) {
  const labelId = useId();
  // The first choice until one is made (the choices may arrive after the dialog opens).
  const [picked, setValue] = useState<string | undefined>(undefined);
  const value = picked ?? choices[0]?.value ?? "";
  const texts =
    action === "delete"
      ? {
          title: `Delete ${postsText(count)}`,
          description: `Are you sure you want to delete ${count === 1 ? "this post" : `these ${count} posts`}? This action cannot be undone.`,
          confirm: "Delete",
          pending: "Deleting...",
        }
      : action === "status"
        ? {
            title: `Change the status of ${postsText(count)}`,
            description:
              "Each post changes as it would one at a time: a post its checks hold (review first, images without alt text) is listed afterwards and left as it is.",
            confirm: "Change status",
            pending: "Changing...",
            label: "Status",
          }
        : {
            title: `Change the category of ${postsText(count)}`,
            description: "The posts move to the category chosen.",
            confirm: "Change category",
            pending: "Changing...",
            label: "Category",
          };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      description={texts.description}
      confirmLabel={texts.confirm}
      pendingLabel={texts.pending}
      onConfirm={() => onConfirm(value)}
    >
      {(isPending) =>
        "label" in texts ? (
          <div className="grid gap-2">
            <span id={labelId} className="text-sm font-medium">
              {texts.label}
            </span>
            <ChoiceSelect
              labelledBy={labelId}
              value={value}
              onValueChange={setValue}
              choices={choices}
              disabled={isPending}
            />
          </div>
        ) : null
      }
    </ConfirmDialog>
  );
}
