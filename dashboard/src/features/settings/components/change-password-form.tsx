import { limits } from "@contracts/limits.ts";
import { type PasswordChangeInput, passwordChangeInput } from "@contracts/passwords.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";
import { useChangePassword } from "../api/password.ts";

const fields = [
  { name: "currentPassword", label: "Current Password", autoComplete: "current-password" },
  { name: "newPassword", label: "New Password", autoComplete: "new-password" },
  { name: "confirmPassword", label: "Confirm New Password", autoComplete: "new-password" },
] as const;

const empty: PasswordChangeInput = { currentPassword: "", newPassword: "", confirmPassword: "" };

/**
 * Account Settings of a built-in account (decision 356): a new password, proven by the current
 * one. The server signs every other device out; this one stays signed in.
 */
export function ChangePasswordForm() {
  const id = useId();
  const { changePassword, isChanging } = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeInput>({
    defaultValues: empty,
    resolver: zodResolver(passwordChangeInput),
  });

  async function submit(input: PasswordChangeInput) {
    if (isChanging) return;
    try {
      await changePassword(input);
      reset(empty);
      toast({
        title: "Password Changed",
        description: "Your other devices were signed out. This one stays signed in.",
      });
    } catch (error) {
      const issues = fieldIssuesOf(error);
      for (const field of fields) {
        const message = issues[field.name];
        if (message) setError(field.name, { message });
      }
      if (Object.keys(issues).length === 0) {
        toast({
          variant: "destructive",
          title: "Password Not Changed",
          description: errorMessage(error, "Your password could not be changed. Try again."),
        });
      }
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4 border-t pt-6">
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-medium">
          Change Password
        </h3>
        <p className="text-sm text-muted-foreground">
          At least {limits.password.min} characters. Your other devices are signed out when it
          changes.
        </p>
      </div>
      <form
        aria-labelledby={`${id}-title`}
        className="grid gap-4 sm:max-w-sm"
        onSubmit={handleSubmit(submit)}
        noValidate
      >
        {fields.map((field) => {
          const message = errors[field.name]?.message;
          return (
            <div key={field.name} className="grid gap-2">
              <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
              <Input
                id={`${id}-${field.name}`}
                type="password"
                autoComplete={field.autoComplete}
                {...register(field.name)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? `${id}-${field.name}-error` : undefined}
              />
              {message && (
                <p id={`${id}-${field.name}-error`} className="text-sm font-medium text-error">
                  {message}
                </p>
              )}
            </div>
          );
        })}
        <div>
          <Button type="submit" disabled={isChanging}>
            {isChanging ? "Changing…" : "Change Password"}
          </Button>
        </div>
      </form>
    </section>
  );
}
