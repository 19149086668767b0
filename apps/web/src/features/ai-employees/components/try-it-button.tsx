import type { AiEmployee } from "@foreman/contract";
import { FlaskConical } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { loadOverlayKit } from "#web/components/ui/deferred-overlays.ts";

// The profile's "Try it": the playground sheet and the overlay code it runs on load on their own, when
// the button is pointed at, focused or pressed, so the profile's download stays as it was.

const loadPlaygroundSheet = () => import("./playground-sheet.tsx");
const PlaygroundSheet = lazy(() => loadPlaygroundSheet().then((module) => ({ default: module.PlaygroundSheet })));

function warm() {
  loadPlaygroundSheet().catch(() => undefined);
  loadOverlayKit().catch(() => undefined);
}

export function TryItButton({ employee }: { employee: AiEmployee }) {
  const [open, setOpen] = useState(false);
  // Once opened, the sheet stays mounted (closed) so its chat is still there when it opens again.
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <FlaskConical aria-hidden />
        Try it
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <PlaygroundSheet employee={employee} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
