import { Keyboard } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { keyboardShortcuts } from "#web/lib/keyboard-shortcuts.ts";

/** Every keyboard shortcut of the product (lib/keyboard-shortcuts.ts), keys as this keyboard names them. */
export function ShortcutsCard() {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle className="flex items-center gap-2">
          <Keyboard aria-hidden className="size-4 text-muted-foreground" />
          <h2>Keyboard shortcuts</h2>
        </CardTitle>
        <CardDescription>Work without reaching for the mouse.</CardDescription>
      </CardHeader>
      <CardContent className="px-5">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-3">
          {keyboardShortcuts().map((shortcut) => (
            <div key={`${shortcut.keys.join("+")} ${shortcut.where}`} className="col-span-2 grid grid-cols-subgrid">
              <dt className="flex items-start gap-1 pt-px">
                {shortcut.keys.map((key, index) => (
                  <span key={key} className="flex items-center gap-1">
                    {index > 0 ? (
                      <span aria-hidden className="text-muted-foreground text-xs">
                        +
                      </span>
                    ) : null}
                    <kbd className="inline-block min-w-6 rounded border border-b-2 bg-muted px-1.5 py-0.5 text-center font-mono text-foreground text-xs leading-4">
                      {key}
                    </kbd>
                  </span>
                ))}
              </dt>
              <dd className="text-sm leading-snug">
                {shortcut.action}
                <span className="block text-muted-foreground text-xs">{shortcut.where}</span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
