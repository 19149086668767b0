import { type ReactNode, useEffect } from "react";
import { deferredPart, loadOverlayKit, useOverlayKit } from "./deferred-overlays.ts";

type LazySheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
};

/**
 * A controlled sheet (sheet.tsx) whose Radix code loads with the overlay kit: opening it fetches the
 * kit if nobody has yet, and it slides in as soon as the kit is in. Nothing renders while closed.
 */
export function LazySheet({ open, onOpenChange, children }: LazySheetProps) {
  const kit = useOverlayKit();
  useEffect(() => {
    if (open && !kit) loadOverlayKit().catch(() => onOpenChange(false));
  }, [open, kit, onOpenChange]);
  if (!kit) return null;
  return (
    <kit.Sheet open={open} onOpenChange={onOpenChange}>
      {children}
    </kit.Sheet>
  );
}

export const LazySheetContent = deferredPart((kit) => kit.SheetContent, "LazySheetContent");
export const LazySheetTitle = deferredPart((kit) => kit.SheetTitle, "LazySheetTitle");
export const LazySheetDescription = deferredPart((kit) => kit.SheetDescription, "LazySheetDescription");
