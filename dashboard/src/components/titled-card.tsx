import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card.tsx";

/**
 * A card with a title and a line of description over its content, the way report and settings
 * cards are laid out. With `id` the title names the card (a region of the page). `action` sits
 * at the title's end (a CSV export), or right beside it with `actionBesideTitle` (a badge).
 */
export function TitledCard({
  id,
  title,
  description,
  action,
  actionBesideTitle = false,
  contentClassName,
  children,
}: {
  id?: string;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  actionBesideTitle?: boolean;
  contentClassName?: string;
  children: ReactNode;
}) {
  const heading = <CardTitle id={id}>{title}</CardTitle>;
  return (
    <Card aria-labelledby={id}>
      <CardHeader>
        {action ? (
          <div
            className={
              actionBesideTitle
                ? "flex flex-wrap items-center gap-2"
                : "flex flex-wrap items-center justify-between gap-2"
            }
          >
            {heading}
            {action}
          </div>
        ) : (
          heading
        )}
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
