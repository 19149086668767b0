import { Check, Copy, Download, TriangleAlert } from "lucide-react";
import { useRef } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { DialogFooter } from "#web/components/ui/dialog.tsx";
import { saveFile } from "#web/lib/save-file.ts";
import { useCopyText } from "#web/lib/use-copy-text.ts";

export const RECOVERY_CODES_FILENAME = "foreman-recovery-codes.txt";

/** The codes as the .txt download and "Copy all" give them: one a line, with what they are for. */
function recoveryCodesText(codes: readonly string[]): string {
  return [
    "Foreman recovery codes",
    "Each code signs you in once when your authenticator app is not at hand.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/** The recovery codes, shown once: copy, download, and "I saved them" to close. */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const list = useRef<HTMLOListElement>(null);
  const { copied, copy } = useCopyText(list);
  return (
    <div className="grid gap-4">
      <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/30 bg-warning/10 p-3 text-sm">
        <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-[oklch(0.47_0.12_58)] dark:text-warning" />
        <span>
          <span className="font-medium">They are shown only now.</span>{" "}
          <span className="text-muted-foreground">
            Keep them somewhere safe, apart from your phone: a password manager, or printed. Each one signs you in once
            if you lose your authenticator app.
          </span>
        </span>
      </p>
      <ol
        ref={list}
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/40 p-4 font-mono text-sm min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="select-all break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy(codes.join("\n"))}>
          {copied === "yes" ? <Check aria-hidden className="text-success" /> : <Copy aria-hidden />}
          Copy all
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            saveFile(new Blob([recoveryCodesText(codes)], { type: "text/plain" }), RECOVERY_CODES_FILENAME)
          }
        >
          <Download aria-hidden />
          Download .txt
        </Button>
        <span aria-live="polite" className="text-muted-foreground text-xs">
          {copied === "yes" ? "Copied" : copied === "select" ? "Selected: press Ctrl+C to copy" : ""}
        </span>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>I saved them</Button>
      </DialogFooter>
    </div>
  );
}
