import type { WebsiteChat } from "@foreman/contract";
import { Check, Copy, ExternalLink } from "lucide-react";
import { useRef } from "react";
import { Button, buttonVariants } from "#web/components/ui/button.tsx";
import { useCopyText } from "#web/lib/use-copy-text.ts";
import { cn } from "#web/lib/utils.ts";

/** The snippet to paste into the site, with a Copy button, and the demo page to try it on. */
export function WebsiteChatSnippet({ chat }: { chat: Pick<WebsiteChat, "name" | "snippet" | "demoUrl"> }) {
  const code = useRef<HTMLElement>(null);
  const { copied, copy } = useCopyText(code);

  return (
    <div className="grid gap-2">
      <p className="font-medium text-sm">
        Paste this before <code className="font-mono text-xs">{"</body>"}</code> on every page of your site
      </p>
      <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded-lg border bg-muted/40 p-3 font-mono text-xs">
        <code ref={code} data-testid="website-chat-snippet">
          {chat.snippet}
        </code>
      </pre>
      <div className="flex flex-wrap items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(chat.snippet)}>
          {copied === "yes" ? <Check aria-hidden /> : <Copy aria-hidden />}
          Copy snippet
        </Button>
        <a
          href={chat.demoUrl}
          target="_blank"
          rel="noopener"
          className={cn(buttonVariants({ variant: "outline", size: "sm" }))}
        >
          <ExternalLink aria-hidden />
          Open demo page
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <span aria-live="polite" className="text-muted-foreground text-sm">
          {copied === "yes" ? "Copied" : copied === "select" ? "Selected: press Ctrl+C (⌘C) to copy" : ""}
        </span>
      </div>
    </div>
  );
}
