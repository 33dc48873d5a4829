import { limits } from "@contracts/limits.ts";
import { type PublicProfileInput, publicProfileInput } from "@contracts/profile.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage } from "../../../lib/api-client.ts";
import { usePublicProfile, useUpdatePublicProfile } from "../api/public-profile.ts";

type ProfileFields = z.input<typeof publicProfileInput>;

/**
 * The editable part of Account Settings (decision 055): the name and bio readers see as the
 * author of the owner's blogs, checked with the contract's limits and messages before anything
 * is sent. The provider's fields above it stay read-only.
 */
export function PublicProfileForm() {
  const ids = { name: useId(), nameHint: useId(), bio: useId(), error: useId() };
  const { data: profile, isLoading } = usePublicProfile();
  const { updatePublicProfile, isPending } = useUpdatePublicProfile();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<ProfileFields, unknown, PublicProfileInput>({
    defaultValues: { displayName: "", bio: "" },
    resolver: zodResolver(publicProfileInput),
    reValidateMode: "onSubmit",
  });
  const bio = useWatch({ control, name: "bio" });

  useEffect(() => {
    reset({ displayName: profile?.displayName ?? "", bio: profile?.bio ?? "" });
  }, [reset, profile?.displayName, profile?.bio]);

  // The fields go as typed: the server trims them and clears a blank one.
  async function save(form: ProfileFields) {
    try {
      await updatePublicProfile(form);
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
      <form className="space-y-4" onSubmit={handleSubmit(() => save(getValues()))} noValidate>
        <div className="space-y-2">
          <Label htmlFor={ids.name}>Display Name</Label>
          <Input
            id={ids.name}
            disabled={isLoading}
            placeholder="e.g. Rowan Vale"
            aria-invalid={Boolean(errors.displayName)}
            aria-describedby={ids.nameHint}
            {...register("displayName")}
          />
          <p id={ids.nameHint} className="text-sm text-muted-foreground">
            Up to {limits.publicName} characters.
          </p>
          {errors.displayName && (
            <p className="text-sm text-error" role="alert">
              {errors.displayName.message}
            </p>
          )}
        </div>
        <div className="space-y-2">
          <Label htmlFor={ids.bio}>Bio</Label>
          <Textarea
            id={ids.bio}
            disabled={isLoading}
            placeholder="A sentence or two about you, shown on your author page."
            aria-invalid={Boolean(errors.bio)}
            {...register("bio")}
          />
          <p className="text-sm text-muted-foreground">
            {(bio ?? "").trim().length}/{limits.publicBio} characters
          </p>
          {errors.bio && (
            <p className="text-sm text-error" role="alert">
              {errors.bio.message}
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
