import type { Blog } from "@contracts/blogs.ts";
import { BlogDetailsForm } from "@/components/blog-details-form.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/components/ui/card.tsx";

/** Settings: the selected blog's name, description and time zone. */
export function BlogDetailsCard({ blog }: { blog: Blog }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Blog Details</CardTitle>
        <CardDescription>Name, description and time zone of {blog.name}.</CardDescription>
      </CardHeader>
      <CardContent>
        <BlogDetailsForm blog={blog} />
      </CardContent>
    </Card>
  );
}
