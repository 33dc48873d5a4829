import { type Blog, createBlogInput } from "@contracts/blogs.ts";
import { type FormEvent, useId, useState } from "react";
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

/** The shared contract decides what is valid and how it is worded (spec section 5). */
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
  const [fields, setFields] = useState<Fields>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function reset() {
    setFields(empty);
    setErrors({});
    setSubmitted(false);
  }

  function change(field: keyof Fields, value: string) {
    const next = { ...fields, [field]: value };
    setFields(next);
    // After a first attempt, messages follow the input so they disappear once it is fixed.
    if (submitted) setErrors(validateCreateBlog(next));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    setSubmitted(true);
    const found = validateCreateBlog(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const firstInvalid = found.name ? `${id}-name` : `${id}-description`;
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    const input = createBlogInput.parse(fields);
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
      setErrors(fieldIssuesOf(error));
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to create blog"),
      });
    }
  }

  const nameError = errors.name;
  const descriptionError = errors.description;

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
        <form noValidate onSubmit={submit} className="grid gap-5">
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
              name="name"
              autoComplete="off"
              placeholder="e.g. Trail Running Weekly"
              value={fields.name}
              onChange={(event) => change("name", event.target.value)}
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
              name="description"
              rows={3}
              placeholder="What is this blog about?"
              value={fields.description}
              onChange={(event) => change("description", event.target.value)}
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
