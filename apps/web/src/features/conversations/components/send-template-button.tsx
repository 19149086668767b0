import { FileText } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";

/** The way back to a customer after WhatsApp's 24-hour window closed: opens the template dialog. */
export function SendTemplateButton({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="outline" size="sm" className="h-7 px-2.5 text-xs" onClick={onClick}>
      <FileText aria-hidden className="size-3.5" />
      Send a template
    </Button>
  );
}
