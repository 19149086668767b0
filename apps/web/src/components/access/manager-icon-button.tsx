import type { ReactNode } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { ManagerOnly } from "./manager-only.tsx";

type ManagerIconButtonProps = {
  /** Whether the user may manage; a member sees the button disabled, with the reason as a tooltip. */
  allowed: boolean;
  /** What it does to what, for screen readers: "Delete Returns policy". */
  label: string;
  /** The word a manager sees on hover ("Delete"). */
  hint?: string;
  /** A removal: muted until pointed at, then red. */
  destructive?: boolean;
  onClick: () => void;
  /** The icon. */
  children: ReactNode;
};

/** A row's icon action (edit, delete) that only managers may take. */
export function ManagerIconButton({ allowed, label, hint, destructive, onClick, children }: ManagerIconButtonProps) {
  return (
    <ManagerOnly allowed={allowed}>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={label}
        title={allowed ? hint : undefined}
        disabled={!allowed}
        onClick={onClick}
        className={destructive ? "text-muted-foreground hover:text-destructive" : undefined}
      >
        {children}
      </Button>
    </ManagerOnly>
  );
}
