import { limits } from "@contracts/limits.ts";
import { publicProfileInput } from "@contracts/profile.ts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { usePublicProfile, useUpdatePublicProfile } from "../api/public-profile.ts";

type Problems = { displayName?: string; bio?: string };

/** The contract's own limits and messages, checked before anything is sent. */
export function profileProblems(form: { displayName: string; bio: string }): Problems {
  const parsed = publicProfileInput.safeParse(form);
  if (parsed.success) return {};
  const problems: Problems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "displayName" || field === "bio") problems[field] ??= issue.message;
  }
  return problems;
}

/**
 * The editable part of Account Settings (decision 055): the name and bio readers see as the
 * author of the owner's blogs. The provider's fields above it stay read-only.
 */
export function PublicProfileForm() {
  const ids = { name: useId(), nameHint: useId(), bio: useId(), error: useId() };
  const { data: profile, isLoading } = usePublicProfile();
  const { updatePublicProfile, isPending } = useUpdatePublicProfile();
  const [displayName, setDisplayName] = useState("");
  const [bio, setBio] = useState("");
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    setDisplayName(profile?.displayName ?? "");
    setBio(profile?.bio ?? "");
  }, [profile?.displayName, profile?.bio]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const found = profileProblems({ displayName, bio });
    setProblems(found);
    if (found.displayName || found.bio) return;
    try {
      await updatePublicProfile({ displayName, bio });
      toast({
        title: "Public Profile Updated",
        description: "Your blogs will show it in a moment.",
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Update Failed",
        description: errorMessage(error, "Failed to update your public profile."),
      });
    }
  }

  return (
    <section aria-labelledby={`${ids.name}-title`} className="space-y-4 border-t pt-6">
      <div className="space-y-1">
        <h3 id={`${ids.name}-title`} className="font-medium">
          Public Profile
        </h3>
        <p className="text-sm text-muted-foreground">
          How readers see you as the author of your blogs. Without a display name, each blog shows
          its own name. Your e-mail is never shown.
        </p>
      </div>
      <form className="space-y-4" onSubmit={save} noValidate>
        <div className="space-y-2">
          <Label htmlFor={ids.name}>Display Name</Label>
          <Input
            id={ids.name}
            value={displayName}
            disabled={isLoading}
            placeholder="e.g. Rowan Vale"
            aria-invalid={Boolean(problems.displayName)}
            aria-describedby={ids.nameHint}
            onChange={(e) => setDisplayName(e.target.value)}
          />
          <p id={ids.nameHint} className="text-sm text-muted-foreground">
            Up to {limits.publicName} characters.
          </p>
          {problems.displayName && (
            <p className="text-sm text-error" role="alert">
              {problems.displayName}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.bio}>Bio</Label>
          <Textarea
            id={ids.bio}
            value={bio}
            disabled={isLoading}
            placeholder="A sentence or two about you, shown on your author page."
            aria-invalid={Boolean(problems.bio)}
            onChange={(e) => setBio(e.target.value)}
          />
          <p className="text-sm text-muted-foreground">
            {bio.trim().length}/{limits.publicBio} characters
          </p>
          {problems.bio && (
            <p className="text-sm text-error" role="alert">
              {problems.bio}
            </p>
          )}
        </div>
        <Button type="submit" disabled={isPending || isLoading}>
          {isPending ? "Saving..." : "Save Public Profile"}
        </Button>
      </form>
    </section>
  );
}
