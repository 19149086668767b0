import { lazy, Suspense, useEffect, useState } from "react";
import type { MobileNavProps } from "./mobile-nav-sheet.tsx";
import { useSidebar } from "./sidebar-context.tsx";

// The phone menu's panel is code a desktop never runs: it loads the first time the menu opens, beside
// the sheet's own overlay code (ui/lazy-sheet.tsx), and stays mounted after so it can slide out again.
const MobileNavSheet = lazy(() => import("./mobile-nav-sheet.tsx"));

/** Below 768 px both sidebars give way to a slide-in panel (mobile-nav-sheet.tsx). */
export function MobileNav(props: MobileNavProps) {
  const { openMobile } = useSidebar();
  const [wanted, setWanted] = useState(openMobile);
  useEffect(() => {
    if (openMobile) setWanted(true);
  }, [openMobile]);
  return wanted ? (
    <Suspense fallback={null}>
      <MobileNavSheet {...props} />
    </Suspense>
  ) : null;
}
