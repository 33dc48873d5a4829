import { useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { type Invitation, useCreateInvitation } from "../api/create-invitation.ts";
import { useInvitationStatus } from "../api/get-invitation-status.ts";

/**
 * Account Settings: once the first owner exists, new built-in accounts need an invitation link
 * (decision 061). Each link creates one account and works for 7 days. Only the server's owners
 * create them (decision 312): an account that may not is told why instead of offered a button.
 */
export function InviteOwner() {
  const { createInvitation, isCreating } = useCreateInvitation();
  const { data: status } = useInvitationStatus();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const headingId = useId();
  const linkId = useId();

  async function create() {
    try {
      setInvitation(await createInvitation());
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Invitation not created",
        description: errorMessage(error, "The invitation link could not be created. Try again."),
      });
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Copied", description: "The invitation link is on your clipboard." });
    } catch {
      toast({
        variant: "destructive",
        title: "Copy failed",
        description: `Select and copy it by hand: ${url}`,
      });
    }
  }

  const refusal = status && !status.canInvite ? status.reason : null;

  return (
    <section aria-labelledby={headingId} className="space-y-3 border-t pt-6">
      <h3 id={headingId} className="font-medium">
        Invite someone
      </h3>
      {refusal ? (
        <p className="text-sm text-muted-foreground">{refusal}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Send someone a link to create their own account on this server. A link creates one
            account and works for 7 days.
            {status && status.open > 0 && (
              <>
                {" "}
                Links nobody has used yet: {status.open} of at most {status.maxOpen}.
              </>
            )}
          </p>
          {invitation && (
            <div className="space-y-2">
              <label htmlFor={linkId} className="text-sm font-medium">
                Invitation link
              </label>
              <div className="flex gap-2">
                <Input
                  id={linkId}
                  readOnly
                  value={invitation.url}
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" variant="outline" onClick={() => copy(invitation.url)}>
                  Copy
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                Works once, until {new Date(invitation.expiresAt).toLocaleString()}.
              </p>
            </div>
          )}
          <Button type="button" onClick={create} disabled={isCreating}>
            {isCreating ? "Creating…" : "Create invitation link"}
          </Button>
        </>
      )}
    </section>
  );
}
