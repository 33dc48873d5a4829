import { UserRoundIcon } from "lucide-react";
import { CardHeading } from "../../../components/card-heading.tsx";
import { Avatar, AvatarFallback, AvatarImage } from "../../../components/ui/avatar.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { useAuthUser } from "../../../lib/api/get-auth-user.ts";
import { displayName, initialsOf } from "../../../lib/user-display.ts";
import { usePasswordStatus } from "../api/password.ts";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { InviteOwner } from "./invite-owner.tsx";
import { PublicProfileForm } from "./public-profile-form.tsx";

/**
 * With an OpenID provider the profile comes from it and is read-only here.
 * A built-in account (a password on this server) sees its e-mail and changes its password here
 * (decision 356).
 */
export function AccountSettingsCard() {
  const { user } = useAuthUser();
  const { data: password } = usePasswordStatus();
  const builtIn = password?.builtIn === true;
  const fromProvider = password?.builtIn === false;
  const fields = builtIn
    ? [{ label: "Email", value: user?.email }]
    : [
        { label: "First Name", value: user?.firstName },
        { label: "Last Name", value: user?.lastName },
        { label: "Email", value: user?.email },
      ];
  return (
    <Card aria-labelledby="account-settings-title">
      <CardHeader>
        <CardHeading id="account-settings-title" icon={UserRoundIcon}>
          Account Settings
        </CardHeading>
        <CardDescription>
          {builtIn
            ? "Your account on this server."
            : "Your profile as your sign-in provider knows it."}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex items-center gap-4">
          <Avatar className="size-16 text-lg">
            {user?.profileImageUrl && (
              <AvatarImage
                src={user.profileImageUrl}
                alt={`Profile picture of ${displayName(user)}`}
              />
            )}
            <AvatarFallback className="text-lg">{initialsOf(user)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <p className="truncate font-medium">{displayName(user)}</p>
            <p className="truncate text-sm text-muted-foreground">{user?.email}</p>
          </div>
        </div>
        <dl className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.label} className="space-y-1">
              <dt className="text-sm font-medium">{field.label}</dt>
              <dd className="rounded-md border bg-muted px-3 py-2 text-sm break-all">
                {field.value?.trim() || <span className="text-muted-foreground">Not set</span>}
              </dd>
            </div>
          ))}
        </dl>
        {fromProvider && (
          <p className="text-sm text-muted-foreground">
            Your account is managed by your sign-in provider. To change your name, e-mail or
            picture, update them there; the changes appear here the next time you sign in.
          </p>
        )}
        {builtIn && <ChangePasswordForm />}
        <PublicProfileForm />
        <InviteOwner />
      </CardContent>
    </Card>
  );
}
