import type { AffiliateLink } from "@contracts/affiliate-links.ts";
import type { Blog } from "@contracts/blogs.ts";
import { LinkIcon, PlusIcon } from "lucide-react";
import { useRef, useState } from "react";
import { BlogScreen } from "../../../components/blog-screen.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { LoadError } from "../../../components/load-error.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { linkCreatedToast } from "../../../lib/affiliate-link-form.ts";
import { useCreateAffiliateLink } from "../../../lib/api/create-affiliate-link.ts";
import { useAffiliateLinks } from "../../../lib/api/get-affiliate-links.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { useDeleteAffiliateLink } from "../api/delete-affiliate-link.ts";
import { useUpdateAffiliateLink } from "../api/update-affiliate-link.ts";
import { AffiliateLinksTable } from "./affiliate-links-table.tsx";
import { linkChanges } from "./link-form.ts";
import { LinkFormDialog } from "./link-form-dialog.tsx";
import { LinkStatsDialog } from "./link-stats-dialog.tsx";

/** Affiliate Links, on the selected blog. */
export function AffiliateLinksPage() {
  return (
    <BlogScreen title="Affiliate Links">
      {(blog) => <AffiliateLinksScreen key={blog.id} blog={blog} />}
    </BlogScreen>
  );
}

type OpenDialog =
  | { kind: "create" }
  | { kind: "edit"; link: AffiliateLink }
  | { kind: "delete"; link: AffiliateLink }
  | { kind: "stats"; link: AffiliateLink }
  | null;

const failed = (error: unknown, fallback: string) =>
  toast({ variant: "destructive", title: "Error", description: errorMessage(error, fallback) });

function AffiliateLinksScreen({ blog }: { blog: Blog }) {
  const { data: links, error, isLoading, isValidating, mutate } = useAffiliateLinks(blog.id);
  const { createAffiliateLink } = useCreateAffiliateLink();
  const { updateAffiliateLink, pendingIds } = useUpdateAffiliateLink(blog.id);
  const { deleteAffiliateLink } = useDeleteAffiliateLink(blog.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = (open: boolean) => !open && setDialog(null);
  // Dialogs open from buttons without a Radix trigger, so focus is given back by hand: to the
  // button that opened the dialog, or to 'Add Link' when that button went with its row.
  const opener = useRef<HTMLElement | null>(null);
  const addLinkButton = useRef<HTMLButtonElement>(null);
  function open(next: NonNullable<OpenDialog>) {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(next);
  }
  function restoreFocus(event: Event) {
    event.preventDefault();
    const target = opener.current?.isConnected ? opener.current : addLinkButton.current;
    target?.focus();
  }

  async function toggleAutoInsert(link: AffiliateLink, autoInsert: boolean) {
    try {
      await updateAffiliateLink(link.id, { autoInsert });
      toast({
        title: "Link updated",
        description: `Auto-insert is ${autoInsert ? "on" : "off"} for “${link.keyword}”.`,
      });
    } catch (error) {
      failed(error, "Failed to update link");
    }
  }

  return (
    <div className="space-y-6">
      <PageHeader
        title="Affiliate Links"
        description={`Keywords that become affiliate links in the posts of ${blog.name}.`}
        actions={
          <Button ref={addLinkButton} onClick={() => open({ kind: "create" })}>
            <PlusIcon aria-hidden="true" />
            Add Link
          </Button>
        }
      />

      {error && !links ? (
        <LoadError
          variant="banner"
          title="Error loading affiliate links"
          message={errorMessage(error, "The links could not be loaded. Check your connection.")}
          retryLabel="Try again"
          retryingLabel="Trying again..."
          isRetrying={isValidating}
          onRetry={() => void mutate()}
        />
      ) : isLoading || !links ? (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          Loading affiliate links...
        </p>
      ) : links.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed px-6 py-16 text-center">
          <LinkIcon aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">No affiliate links yet.</p>
          <p className="max-w-md text-sm text-muted-foreground">
            Add a keyword and the address of the product or programme; published posts of{" "}
            {blog.name} will link the keyword where it appears.
          </p>
        </div>
      ) : (
        <Card className="p-2">
          <AffiliateLinksTable
            links={links}
            pendingIds={pendingIds}
            onToggleAutoInsert={(link, on) => void toggleAutoInsert(link, on)}
            onStats={(link) => open({ kind: "stats", link })}
            onEdit={(link) => open({ kind: "edit", link })}
            onDelete={(link) => open({ kind: "delete", link })}
          />
        </Card>
      )}

      {dialog?.kind === "create" && (
        <LinkFormDialog
          mode="create"
          onOpenChange={close}
          onCloseAutoFocus={restoreFocus}
          onSubmit={async (values) => {
            try {
              const link = await createAffiliateLink({ blogId: blog.id, ...values });
              setDialog(null);
              toast(linkCreatedToast(link));
            } catch (error) {
              failed(error, "Failed to create link");
              throw error;
            }
          }}
        />
      )}
      {dialog?.kind === "edit" && (
        <LinkFormDialog
          key={dialog.link.id}
          mode="edit"
          initial={{
            keyword: dialog.link.keyword,
            url: dialog.link.url,
            autoInsert: dialog.link.autoInsert,
            subIdParam: dialog.link.subIdParam ?? "",
            subIdTemplate: dialog.link.subIdTemplate ?? "",
          }}
          onOpenChange={close}
          onCloseAutoFocus={restoreFocus}
          onSubmit={async (values) => {
            const changes = linkChanges(dialog.link, values);
            try {
              if (Object.keys(changes).length > 0) {
                await updateAffiliateLink(dialog.link.id, changes);
                toast({ title: "Link updated", description: `“${values.keyword}” is saved.` });
              }
              setDialog(null);
            } catch (error) {
              failed(error, "Failed to update link");
              throw error;
            }
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        // A delete confirmation naming the keyword.
        <ConfirmDialog
          onOpenChange={close}
          onCloseAutoFocus={restoreFocus}
          title={`Delete the link for “${dialog.link.keyword}”?`}
          description={`Posts will no longer link “${dialog.link.keyword}” once the blog is rendered again, and the link's click counts are deleted. This cannot be undone.`}
          onConfirm={async () => {
            try {
              await deleteAffiliateLink(dialog.link.id);
              setDialog(null);
              toast({
                title: "Link deleted",
                description: `“${dialog.link.keyword}” is no longer an affiliate link.`,
              });
            } catch (error) {
              failed(error, "Failed to delete link");
              throw error;
            }
          }}
        />
      )}
      {dialog?.kind === "stats" && (
        <LinkStatsDialog link={dialog.link} onOpenChange={close} onCloseAutoFocus={restoreFocus} />
      )}
    </div>
  );
}
