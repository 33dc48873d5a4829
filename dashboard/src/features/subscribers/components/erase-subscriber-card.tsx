import { type EraseSubscriberInput, eraseSubscriberInput } from "@contracts/newsletters.ts";
import type { z } from "@contracts/zod.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { UserXIcon } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { TitledCard } from "../../../components/titled-card.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { eraseSubscriber } from "../../../lib/api/subscribers.ts";
import { errorMessage } from "../../../lib/api-client.ts";

/**
 * A data-subject request: the address is deleted from the list of every blog the owner owns,
 * with its consent record and what was sent to it. Asked once more before it happens.
 */
export function EraseSubscriberCard({ onErased }: { onErased: () => Promise<unknown> }) {
  const emailId = useId();
  const errorId = useId();
  const [asking, setAsking] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof eraseSubscriberInput>, unknown, EraseSubscriberInput>({
    resolver: zodResolver(eraseSubscriberInput),
    defaultValues: { email: "" },
  });

  async function erase() {
    if (!asking) return;
    try {
      const { deleted } = await eraseSubscriber(asking);
      toast({
        title: "Address erased",
        description: `${asking} was deleted from ${deleted === 1 ? "1 blog" : `${deleted} blogs`}.`,
      });
      setAsking(null);
      reset();
      await onErased();
    } catch (error) {
      toast({
        title: "Not erased",
        description: errorMessage(error, "The address could not be erased."),
        variant: "destructive",
      });
      throw error;
    }
  }

  return (
    <TitledCard
      id="subscriber-erase-title"
      title="Erase an address from all blogs"
      description="For a data-subject request: the address and its consent record are deleted from every blog you own."
    >
      <form
        noValidate
        onSubmit={handleSubmit((values) => setAsking(values.email))}
        className="flex flex-wrap items-end gap-3"
      >
        <div className="min-w-64 flex-1 space-y-1.5">
          <Label htmlFor={emailId}>E-mail address</Label>
          <Input
            id={emailId}
            type="email"
            autoComplete="off"
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? errorId : undefined}
            {...register("email")}
          />
          {errors.email && (
            <p id={errorId} className="text-sm text-error">
              {errors.email.message}
            </p>
          )}
        </div>
        <Button type="submit" variant="destructive">
          <UserXIcon aria-hidden="true" />
          Erase
        </Button>
      </form>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Erase this address?"
        description={`${asking ?? ""} will be deleted from the lists of all your blogs. This cannot be undone.`}
        confirmLabel="Erase"
        pendingLabel="Erasing..."
        onConfirm={erase}
      />
    </TitledCard>
  );
}
