import { ConfirmDialog } from "./confirm-dialog.tsx";

/** The confirmation before a published post goes back to draft (editor and post card menu). */
export function UnpublishPostDialog({
  open,
  onOpenChange,
  title,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  onConfirm: () => Promise<unknown>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unpublish Post"
      description={`"${title}" will be taken off the blog: its page will answer that it is gone, and the post goes back to Draft. You can publish it again later.`}
      confirmLabel="Unpublish"
      pendingLabel="Unpublishing..."
      onConfirm={onConfirm}
    />
  );
}
