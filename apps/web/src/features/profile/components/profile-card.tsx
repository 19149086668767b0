import { type ReactNode, useId } from "react";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/utils.ts";

type ProfileCardProps = {
  title: string;
  description: ReactNode;
  /** A button at the header's right ("Change email"). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
  "data-testid"?: string;
};

/** One section of the profile: a card named by its heading, so screen readers can jump between them. */
export function ProfileCard({ title, description, action, className, children, ...rest }: ProfileCardProps) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} className={cn("gap-5", className)} {...rest}>
      {/* On a phone the action goes under the words, which keep the card's width. */}
      <CardHeader className="max-sm:has-data-[slot=card-action]:grid-cols-1">
        <CardTitle>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {action ? (
          <CardAction className="max-sm:col-start-1 max-sm:row-span-1 max-sm:row-start-3 max-sm:justify-self-start max-sm:pt-1">
            {action}
          </CardAction>
        ) : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
