import { lazy, Suspense, useState } from "react";
import type { NewTicketDialogProps } from "./new-ticket-form.tsx";

// Radix Dialog and the form come with the first opening: most visits to the desk never open it.
const NewTicketFormDialog = lazy(() =>
  import("./new-ticket-form.tsx").then((module) => ({ default: module.NewTicketFormDialog })),
);

/** The create-ticket dialog, fetched the first time it opens and kept afterwards (so it can close gently). */
export function NewTicketDialog(props: NewTicketDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <NewTicketFormDialog {...props} />
    </Suspense>
  );
}
