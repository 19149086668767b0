import { Check, Copy } from "lucide-react";
import { useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { useCopyText } from "#web/lib/use-copy-text.ts";

/** The key in groups of four, as apps ask for it typed by hand ("JBSW Y3DP …"). */
function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/** The secret in text form for typing into an app that cannot scan, with a copy button (copies it ungrouped). */
export function SecretKey({ secret }: { secret: string }) {
  const shown = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyText(shown);
  return (
    <div className="grid gap-1.5">
      <div className="flex min-w-0 items-center gap-1.5">
        <code
          ref={shown}
          className="min-w-0 break-words rounded-md border bg-muted/50 px-2 py-1 font-mono text-sm tracking-wide"
          data-testid="two-factor-secret"
        >
          {groupSecret(secret)}
        </code>
        <Button
          variant="ghost"
          size="icon-sm"
          className="shrink-0"
          aria-label={copied === "yes" ? "Copied the setup key" : "Copy the setup key"}
          onClick={() => void copy(secret)}
        >
          {copied === "yes" ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
        </Button>
      </div>
      <span aria-live="polite" className="min-h-4 text-muted-foreground text-xs">
        {copied === "yes" ? "Copied" : copied === "select" ? "Selected: press Ctrl+C to copy" : ""}
      </span>
    </div>
  );
}
