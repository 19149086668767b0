import { Check, Copy } from "lucide-react";
import { useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { useCopyText } from "#web/lib/use-copy-text.ts";

/** An address to paste into the mail provider's forwarding rule, with a copy button. */
export function CopyAddress({ address, label }: { address: string; label: string }) {
  const code = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyText(code);

  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <code
        ref={code}
        // The whole address, wrapped on a narrow screen: it is what gets typed into the forwarding rule.
        className="min-w-0 break-all rounded border bg-background px-1.5 py-0.5 font-mono text-xs"
        data-testid="inbound-address"
      >
        {address}
      </code>
      <Button
        variant="ghost"
        size="icon-sm"
        className="size-7 shrink-0"
        aria-label={copied === "yes" ? `Copied the ${label}` : `Copy the ${label}`}
        onClick={() => void copy(address)}
      >
        {copied === "yes" ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
      </Button>
      <span aria-live="polite" className="shrink-0 text-muted-foreground text-xs">
        {copied === "yes" ? "Copied" : copied === "select" ? "Selected: press Ctrl+C" : ""}
      </span>
    </span>
  );
}
