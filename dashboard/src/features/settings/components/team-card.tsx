import type { Blog } from "@contracts/blogs.ts";
import { can, type MemberRole, memberRoles, roleNames } from "@contracts/roles.ts";
import type { CreatedTeamInvitation, TeamInvitation, TeamMember } from "@contracts/team.ts";
import { UsersIcon } from "lucide-react";
import { useId, useState } from "react";
import { useSWRConfig } from "swr";
import { CardHeading } from "../../../components/card-heading.tsx";
import { ChoiceSelect } from "../../../components/choice-select.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import {
  changeMemberRole,
  inviteToBlog,
  removeMember,
  revokeInvitation,
  teamKey,
  useTeam,
} from "../../../lib/api/team.ts";
import { errorMessage } from "../../../lib/api-client.ts";

const roleChoices = (roles: readonly MemberRole[]) =>
  roles.map((role) => ({ value: role, label: roleNames[role] }));

/** What each role may do, in one line, beside the invitation form. */
const roleHints: Record<MemberRole, string> = {
  editor: "All posts, categories, links and media; publishes and reviews; invites writers.",
  writer: "Their own posts; submits them for review.",
  contributor: "Their own drafts and uploads only.",
};

const statusLabels: Record<TeamInvitation["status"], string> = {
  open: "Open",
  used: "Used",
  expired: "Expired",
  revoked: "Revoked",
};

/**
 * Settings → Team (decision 370): who works on the blog with which role, the invitations and
 * their state, and a form that makes an invitation link (sent by e-mail when the server can).
 * The owner invites any role, changes roles and removes people; editors invite writers and
 * contributors.
 */
export function TeamCard({ blog }: { blog: Blog }) {
  const { data: team, error } = useTeam(blog.id);
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(teamKey(blog.id));
  const isOwner = can(blog.role, "members.manage");
  const invitable = isOwner ? memberRoles : memberRoles.filter((role) => role !== "editor");
  const ids = { heading: useId(), role: useId(), email: useId(), link: useId() };
  const [role, setRole] = useState<MemberRole>("writer");
  const [email, setEmail] = useState("");
  const [isInviting, setInviting] = useState(false);
  const [created, setCreated] = useState<CreatedTeamInvitation | null>(null);
  const [leaving, setLeaving] = useState<TeamMember | null>(null);

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    setInviting(true);
    try {
      const invitation = await inviteToBlog(blog.id, { role, email: email.trim() || null });
      setCreated(invitation);
      setEmail("");
      toast({
        title: "Invitation created",
        description: invitation.emailed
          ? `The link was sent to ${invitation.email}. You can copy it too.`
          : "Copy the link and send it to the person you invite.",
      });
      void refresh();
    } catch (failure) {
      toast({
        variant: "destructive",
        title: "Invitation not created",
        description: errorMessage(failure, "The invitation could not be created. Try again."),
      });
    } finally {
      setInviting(false);
    }
  }

  async function act(work: () => Promise<unknown>, done: string, failed: string) {
    try {
      await work();
      toast({ title: done });
      await refresh();
    } catch (failure) {
      toast({ variant: "destructive", title: failed, description: errorMessage(failure, failed) });
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

  const stays = team?.members.filter((m) => m.userId !== leaving?.userId) ?? [];

  return (
    <Card aria-labelledby={ids.heading}>
      <CardHeader>
        <CardHeading id={ids.heading} icon={UsersIcon}>
          Team
        </CardHeading>
        <CardDescription>Who works on {blog.name}, and with which role.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error, "The team could not be loaded.")}
          </p>
        ) : !team ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the team...
          </p>
        ) : (
          <ul aria-label="Members" className="divide-y rounded-lg border">
            {team.members.map((member) => (
              <li key={member.userId} className="flex flex-wrap items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{member.name}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    {member.email} · {member.posts} {member.posts === 1 ? "post" : "posts"}
                  </p>
                </div>
                {member.role === "owner" || !isOwner ? (
                  <Badge variant="secondary">{roleNames[member.role]}</Badge>
                ) : (
                  <>
                    <span id={`role-${member.userId}`} className="sr-only">
                      Role of {member.name}
                    </span>
                    <ChoiceSelect
                      labelledBy={`role-${member.userId}`}
                      value={member.role}
                      onValueChange={(value) =>
                        act(
                          () => changeMemberRole(blog.id, member.userId, value as MemberRole),
                          `${member.name} is ${roleNames[value as MemberRole]} now`,
                          "The role could not be changed.",
                        )
                      }
                      choices={roleChoices(memberRoles)}
                      className="w-36"
                    />
                    <Button type="button" variant="outline" onClick={() => setLeaving(member)}>
                      Remove
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}

        <form onSubmit={invite} className="space-y-3" aria-label="Invite to the team">
          <h3 className="font-medium">Invite someone to {blog.name}</h3>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
            <div className="space-y-1">
              <Label id={ids.role}>Role</Label>
              <ChoiceSelect
                labelledBy={ids.role}
                value={role}
                onValueChange={(value) => setRole(value as MemberRole)}
                choices={roleChoices(invitable)}
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor={ids.email}>E-mail (optional)</Label>
              <Input
                id={ids.email}
                type="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                placeholder="writer@example.com"
              />
            </div>
            <Button type="submit" disabled={isInviting}>
              {isInviting ? "Creating…" : "Create invitation"}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{roleHints[role]}</p>
          {created && (
            <div className="space-y-2">
              <Label htmlFor={ids.link}>Invitation link</Label>
              <div className="flex gap-2">
                <Input
                  id={ids.link}
                  readOnly
                  value={created.url}
                  onFocus={(e) => e.target.select()}
                />
                <Button type="button" variant="outline" onClick={() => copy(created.url)}>
                  Copy
                </Button>
              </div>
              <p className="text-sm text-muted-foreground">
                Works once, for one person, until {new Date(created.expiresAt).toLocaleString()}.
              </p>
            </div>
          )}
        </form>

        {team && team.invitations.length > 0 && (
          <section className="space-y-2">
            <h3 className="font-medium">Invitations</h3>
            <ul aria-label="Invitations" className="divide-y rounded-lg border">
              {team.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <span className="flex-1">
                    {roleNames[invitation.role]}
                    {invitation.email ? ` · ${invitation.email}` : ""} · by{" "}
                    {invitation.invitedBy ?? "someone"} ·{" "}
                    {new Date(invitation.createdAt).toLocaleDateString()}
                  </span>
                  <Badge variant={invitation.status === "open" ? "default" : "secondary"}>
                    {statusLabels[invitation.status]}
                  </Badge>
                  {invitation.status === "open" && (isOwner || invitation.role !== "editor") && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        act(
                          () => revokeInvitation(blog.id, invitation.id),
                          "Invitation revoked",
                          "The invitation could not be revoked.",
                        )
                      }
                    >
                      Revoke
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
      {leaving && (
        <RemoveMemberDialog
          member={leaving}
          heirs={stays}
          onOpenChange={(open) => !open && setLeaving(null)}
          onRemove={(reassignTo) =>
            act(
              () => removeMember(blog.id, leaving.userId, reassignTo),
              `${leaving.name} was removed from the team`,
              "The member could not be removed.",
            ).then(() => setLeaving(null))
          }
        />
      )}
    </Card>
  );
}

/** Removing a member: their posts stay theirs (with their byline) or go to someone who stays. */
function RemoveMemberDialog({
  member,
  heirs,
  onOpenChange,
  onRemove,
}: {
  member: TeamMember;
  heirs: TeamMember[];
  onOpenChange: (open: boolean) => void;
  onRemove: (reassignTo: string | null) => Promise<unknown>;
}) {
  const keep = "keep";
  const [choice, setChoice] = useState(keep);
  const labelId = useId();
  return (
    <ConfirmDialog
      onOpenChange={onOpenChange}
      title={`Remove ${member.name} from the team?`}
      description={`They lose access to this blog. Their ${member.posts} ${member.posts === 1 ? "post stays" : "posts stay"} on it.`}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      onConfirm={() => onRemove(choice === keep ? null : choice)}
    >
      {(isPending) => (
        <div className="space-y-1">
          <Label id={labelId}>Their posts</Label>
          <ChoiceSelect
            labelledBy={labelId}
            value={choice}
            onValueChange={setChoice}
            disabled={isPending}
            choices={[
              { value: keep, label: `Keep with ${member.name}'s byline` },
              ...heirs.map((heir) => ({ value: heir.userId, label: `Give to ${heir.name}` })),
            ]}
          />
        </div>
      )}
    </ConfirmDialog>
  );
}
