import { type Blog, type CreateBlogInput, createBlogInput } from "@contracts/blogs.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useSWRConfig } from "swr";
import { FormDialog, FormField } from "../../../components/form-dialog.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useCreateBlog } from "../../../lib/api/create-blog.ts";
import { authUserKey } from "../../../lib/api/get-auth-user.ts";
import { errorMessage, fieldIssuesOf, isUnauthorized } from "../../../lib/api-client.ts";

type Fields = { name: string; description: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * The shared contract decides what is valid and how it is worded: the first
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
 * 'Blog Name', 'Description (Optional)', Cancel and 'Create Blog'
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

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
      title="Create New Blog"
      description="Give your blog a name. Its domain, look and content automation can be set later in Settings."
      onSubmit={handleSubmit(submit)}
      isPending={isPending}
      submitLabel="Create Blog"
      pendingLabel="Creating..."
      className="grid gap-5"
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <FormField id={`${id}-name`} label="Blog Name" error={errors.name?.message}>
        {(field) => (
          <Input
            {...field}
            autoComplete="off"
            placeholder="e.g. Trail Running Weekly"
            {...register("name", { onChange: revalidate })}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-description`}
        label="Description (Optional)"
        error={errors.description?.message}
      >
        {(field) => (
          <Textarea
            {...field}
            rows={3}
            placeholder="What is this blog about?"
            {...register("description", { onChange: revalidate })}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
