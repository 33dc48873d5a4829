import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./ui/button.tsx";

/** A button-styled link to an empty editor. */
export function NewPostLink({
  className,
  children = "New Post",
}: {
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Button asChild className={className}>
      <Link to="/editor">
        <PlusIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
