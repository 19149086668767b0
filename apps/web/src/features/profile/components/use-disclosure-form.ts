import { useEffect, useRef, useState } from "react";

/**
 * A form shown in place by a button ("Change email"). Closing it hands the focus back to that button,
 * which comes back in the form's place, so keyboard users do not start again from the top of the page.
 */
export function useDisclosureForm() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const closedByUser = useRef(false);

  useEffect(() => {
    if (open || !closedByUser.current) return;
    closedByUser.current = false;
    trigger.current?.focus();
  }, [open]);

  return {
    open,
    trigger,
    show: () => setOpen(true),
    hide: () => {
      closedByUser.current = true;
      setOpen(false);
    },
  };
}
