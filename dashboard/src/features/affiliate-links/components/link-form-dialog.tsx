import {
  AffiliateLinkDialog,
  type AffiliateLinkDialogTexts,
} from "../../../components/affiliate-link-dialog.tsx";
import type { LinkFormValues } from "./link-form.ts";

type Mode = "create" | "edit";

const placeholders = { keyword: "e.g. running shoes", url: "https://shop.example.com/?ref=you" };

const texts: Record<Mode, AffiliateLinkDialogTexts> = {
  create: {
    title: "Create Affiliate Link",
    description: "Where the keyword appears in a published post, it becomes this link.",
    submit: "Create Link",
    busy: "Creating...",
    cancel: "Cancel",
    placeholders,
  },
  edit: {
    title: "Edit Affiliate Link",
    description: "Changes show in published posts once the blog is rendered again.",
    submit: "Save Changes",
    busy: "Saving...",
    cancel: "Cancel",
    placeholders,
  },
};

/**
 * The create and edit dialogs. `onSubmit` gets trimmed values and throws
 * when the server refuses them; the caller shows the toast, the dialog stays open and marks
 * the field the server named.
 */
export function LinkFormDialog({
  mode,
  initial = { keyword: "", url: "", autoInsert: true },
  onOpenChange,
  onCloseAutoFocus,
  onSubmit,
}: {
  mode: Mode;
  initial?: LinkFormValues;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes once the dialog is gone (its opener may have gone with it). */
  onCloseAutoFocus?: (event: Event) => void;
  onSubmit: (values: LinkFormValues) => Promise<void>;
}) {
  return (
    <AffiliateLinkDialog
      texts={texts[mode]}
      initial={initial}
      subIdFields
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      onSubmit={onSubmit}
    />
  );
}
