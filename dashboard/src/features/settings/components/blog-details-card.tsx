import type { Blog } from "@contracts/blogs.ts";
import { BlogDetailsForm } from "@/components/blog-details-form.tsx";
import { TitledCard } from "@/components/titled-card.tsx";

/** Settings: the selected blog's name, description and time zone. */
export function BlogDetailsCard({ blog }: { blog: Blog }) {
  return (
    <TitledCard
      title="Blog Details"
      description={`Name, description and time zone of ${blog.name}.`}
    >
      <BlogDetailsForm blog={blog} />
    </TitledCard>
  );
}
