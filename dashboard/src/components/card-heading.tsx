import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { CardTitle } from "./ui/card.tsx";

/** A card's title with its icon in front, the way settings-like cards are headed. */
export function CardHeading({
  id,
  icon: Icon,
  children,
}: {
  id: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <CardTitle id={id} className="flex items-center gap-2">
      <Icon aria-hidden="true" className="size-5 text-muted-foreground" />
      {children}
    </CardTitle>
  );
}
