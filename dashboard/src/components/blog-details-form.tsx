import { type Blog, type UpdateBlogInput, updateBlogInput } from "@contracts/blogs.ts";
import { limits } from "@contracts/limits.ts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useUpdateBlog } from "../lib/api/update-blog.ts";
import { errorMessage, fieldIssuesOf } from "../lib/api-client.ts";
import { Button } from "./ui/button.tsx";
import { Input } from "./ui/input.tsx";
import { Label } from "./ui/label.tsx";
import { Textarea } from "./ui/textarea.tsx";
import { toast } from "./ui/use-toast.ts";

type Fields = { name: string; description: string; timeZone: string };

/** Every IANA zone the browser knows, the blog's own first if the browser lacks it. */
function zonesWith(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const zones = known.includes("UTC") ? known : ["UTC", ...known];
  return zones.includes(current) ? zones : [current, ...zones];
}

/**
 * A blog's name, description and time zone (at most 100 and 500 characters), used by the Edit dialog on
 * My Blogs and the Blog Details card in Settings. `onSaved` runs after a successful save.
 */
export function BlogDetailsForm({
  blog,
  onSaved,
  footer,
}: {
  blog: Blog;
  onSaved?: (blog: Blog) => void;
  /** Extra buttons beside Save (a dialog's Cancel). */
  footer?: React.ReactNode;
}) {
  const id = useId();
  const { updateBlog, isPending } = useUpdateBlog();
  const zones = useMemo(() => zonesWith(blog.timeZone), [blog.timeZone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<Fields>({
    defaultValues: {
      name: blog.name,
      description: blog.description ?? "",
      timeZone: blog.timeZone,
    },
    resolver: zodResolver(updateBlogInput) as never,
  });

  async function submit(input: UpdateBlogInput) {
    if (isPending) return;
    try {
      const saved = await updateBlog(blog.id, input);
      toast({ title: "Blog updated", description: `${saved.name} has been saved.` });
      reset({
        name: saved.name,
        description: saved.description ?? "",
        timeZone: saved.timeZone,
      });
      onSaved?.(saved);
    } catch (error) {
      for (const [field, message] of Object.entries(fieldIssuesOf(error))) {
        if (field === "name" || field === "description" || field === "timeZone")
          setError(field, { message });
      }
      toast({
        variant: "destructive",
        title: "Error",
        description: errorMessage(error, "Failed to update blog"),
      });
    }
  }

  const fieldError = (name: keyof Fields) =>
    errors[name]?.message ? (
      <p id={`${id}-${name}-error`} className="text-sm font-medium text-error">
        {errors[name]?.message}
      </p>
    ) : null;

  return (
    <form noValidate onSubmit={handleSubmit(submit as never)} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Blog Name</Label>
        <Input
          id={`${id}-name`}
          autoComplete="off"
          maxLength={limits.blogName + 20}
          {...register("name")}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
        />
        {fieldError("name")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description (Optional)</Label>
        <Textarea
          id={`${id}-description`}
          rows={3}
          {...register("description")}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
        {fieldError("description")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-time-zone`}>Time Zone</Label>
        <select
          id={`${id}-time-zone`}
          className="h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          {...register("timeZone")}
          aria-describedby={`${id}-time-zone-hint`}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
        <p id={`${id}-time-zone-hint`} className="text-xs text-muted-foreground">
          Dates on the public blog and in its feeds are shown in this time zone.
        </p>
        {fieldError("timeZone")}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {footer}
        <Button type="submit" disabled={isPending || !isDirty} aria-busy={isPending || undefined}>
          {isPending ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
