import { type ReplaceLinkInput, replaceLinkInput } from "@contracts/link-health.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorMessage, fieldIssuesOf } from "../../../lib/api-client.ts";

/**
 * 'Replace everywhere': the old address (filled in from the broken link) and the new one. The
 * rules are the contract's; the server's refusal marks the field it names.
 */
export function ReplaceLinkDialog({
  from,
  onOpenChange,
  onReplace,
}: {
  from: string;
  onOpenChange: (open: boolean) => void;
  onReplace: (input: ReplaceLinkInput) => Promise<void>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReplaceLinkInput>({
    defaultValues: { from, to: "" },
    resolver: zodResolver(replaceLinkInput),
  });
  async function submit(values: ReplaceLinkInput) {
    try {
      await onReplace(values);
      onOpenChange(false);
    } catch (error) {
      const issues = fieldIssuesOf(error);
      for (const field of ["from", "to"] as const)
        if (issues[field]) setError(field, { type: "server", message: issues[field] });
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "The link could not be replaced."),
      });
    }
  }
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Replace Everywhere"
      description="Every post and affiliate link of your blogs that points at the old address will point at the new one. You can undo it in one step."
      onSubmit={handleSubmit(submit)}
      isPending={isSubmitting}
      submitLabel="Replace Everywhere"
      pendingLabel="Replacing..."
    >
      <FormField id="replace-from" label="Old address" error={errors.from?.message}>
        {(props) => <Input {...props} {...register("from")} />}
      </FormField>
      <FormField id="replace-to" label="New address" error={errors.to?.message}>
        {(props) => (
          <Input {...props} placeholder="https://shop.example.com/new" {...register("to")} />
        )}
      </FormField>
    </FormDialog>
  );
}
