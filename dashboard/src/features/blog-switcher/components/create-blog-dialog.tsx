import { type Blog, type CreateBlogInput, createBlogInput } from "@contracts/blogs.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateBlog } from "../../../lib/api/create-blog.ts";
import { authUserKey } from "../../../lib/api/get-auth-user.ts";
import { errorMessage, fieldIssuesOf, isUnauthorized } from "../../../lib/api-client.ts";

type Fields = { name: string; description: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * The shared contract decides what is valid and how it is worded (spec section 5): the first
 * message per field, as the dialog's resolver reports it.
 */
export function validateCreateBlog(fields: Fields): FieldErrors {
  const result = createBlogInput.safeParse(fields);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "description") && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

const empty: Fields = { name: "", description: "" };

/**
 * Spec sections 2.2 and 5: 'Blog Name', 'Description (Optional)', Cancel and 'Create Blog'
 * ('Creating...' while pending). The created blog is handed to `onCreated` (which selects it).
 */
export function CreateBlogDialog({
  open,
  onOpenChange,
  onCreated,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (blog: Blog) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const { createBlog, isPending } = useCreateBlog();
  const {
    register,
    handleSubmit,
    trigger,
    setError,
    reset,
    formState: { errors, isSubmitted },
  } = useForm({
    defaultValues: empty,
    resolver: zodResolver(createBlogInput),
    // Revalidated by hand below, so a server's message goes too once either field changes.
    reValidateMode: "onSubmit",
  });

  // After a first attempt, messages follow the input so they disappear once it is fixed.
  const revalidate = () => {
    if (isSubmitted) void trigger();
  };

  async function submit(input: CreateBlogInput) {
    if (isPending) return;
    try {
      const blog = await createBlog({ name: input.name, description: input.description ?? "" });
      toast({
        title: "Blog created",
        description: `${blog.name} has been created successfully.`,
      });
      onCreated(blog);
      onOpenChange(false);
      reset();
    } catch (error) {
      if (isUnauthorized(error)) void mutate(authUserKey);
      for (const [field, message] of Object.entries(fieldIssuesOf(error))) {
        if (field === "name" || field === "description") setError(field, { message });
      }
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to create blog"),
      });
    }
  }

  const nameError = errors.name?.message;
  const descriptionError = errors.description?.message;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isPending) return;
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <form noValidate onSubmit={handleSubmit(submit)} className="grid gap-5">
          <DialogHeader>
            <DialogTitle>Create New Blog</DialogTitle>
            <DialogDescription>
              Give your blog a name. Its domain, look and content automation can be set later in
              Settings.
            </DialogDescription>
          </DialogHeader>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Blog Name</Label>
            <Input
              id={`${id}-name`}
              autoComplete="off"
              placeholder="e.g. Trail Running Weekly"
              {...register("name", { onChange: revalidate })}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
            />
            {nameError && (
              <p id={`${id}-name-error`} className="text-sm font-medium text-error">
                {nameError}
              </p>
            )}
          </div>

          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>Description (Optional)</Label>
            <Textarea
              id={`${id}-description`}
              rows={3}
              placeholder="What is this blog about?"
              {...register("description", { onChange: revalidate })}
              aria-invalid={descriptionError ? true : undefined}
              aria-describedby={descriptionError ? `${id}-description-error` : undefined}
            />
            {descriptionError && (
              <p id={`${id}-description-error`} className="text-sm font-medium text-error">
                {descriptionError}
              </p>
            )}
          </div>

          <DialogFooter>
            <Button
              variant="outline"
              disabled={isPending}
              onClick={() => {
                onOpenChange(false);
                reset();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={isPending} aria-busy={isPending || undefined}>
              {isPending ? "Creating..." : "Create Blog"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
