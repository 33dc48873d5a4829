import { roleNames } from "@contracts/roles.ts";
import { useState } from "react";
import { useParams } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card.tsx";
import { acceptInvitation, useInvitationPreview } from "../../../lib/api/team.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { writeStoredBlogId } from "../../../lib/selected-blog.ts";

/**
 * `/join/{token}`: the page of a team invitation link (decision 370). It says which blog and
 * role the link offers; signed in, "Accept invitation" joins and lands on that blog; signed
 * out, the person creates an account with the link, or signs in and comes back here.
 */
export function JoinPage({ signedIn }: { signedIn: boolean }) {
  const token = useParams().token ?? "";
  const { data: preview, error } = useInvitationPreview(token);
  const [isAccepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function accept() {
    setAccepting(true);
    setFailure(null);
    try {
      const { blogId } = await acceptInvitation(token);
      writeStoredBlogId(blogId);
      // A full load: the blog list, the switcher and the screens start from the new team.
      window.location.assign("/dashboard");
    } catch (refused) {
      setFailure(errorMessage(refused, "The invitation could not be accepted. Try again."));
      setAccepting(false);
    }
  }

  const back = `/join/${encodeURIComponent(token)}`;
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-xl font-semibold">
            {preview ? `Join ${preview.blogName}` : "Invitation"}
          </h1>
          {preview && (
            <CardDescription>
              {preview.invitedBy ?? "The blog's owner"} invites you to work on {preview.blogName} as{" "}
              {roleNames[preview.role]}. The link works until{" "}
              {new Date(preview.expiresAt).toLocaleString()}.
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="space-y-3">
          {error ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(error, "This invitation link is not valid. Ask for a new one.")}
            </p>
          ) : !preview ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading the invitation...
            </p>
          ) : signedIn ? (
            <Button type="button" onClick={accept} disabled={isAccepting}>
              {isAccepting ? "Joining…" : "Accept invitation"}
            </Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button asChild>
                <a href={`/auth/sign-up?invite=${encodeURIComponent(token)}`}>Create an account</a>
              </Button>
              <Button asChild variant="outline">
                <a href={`/api/login?returnTo=${encodeURIComponent(back)}`}>
                  I have an account: sign in
                </a>
              </Button>
            </div>
          )}
          {failure && (
            <p role="alert" className="text-sm text-destructive">
              {failure}
            </p>
          )}
        </CardContent>
      </Card>
    </main>
  );
}

export const SignedInJoinPage = () => <JoinPage signedIn />;
export const SignedOutJoinPage = () => <JoinPage signedIn={false} />;
