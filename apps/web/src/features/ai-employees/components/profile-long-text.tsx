import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "#web/components/ui/collapsible.tsx";

// Persona and instructions run to thousands of characters: the card shows the start and opens in place.

const LONG_CHARACTERS = 280;
const LONG_LINES = 4;

const isLong = (text: string) => text.length > LONG_CHARACTERS || text.split("\n").length > LONG_LINES;

export function LongText({ text, empty }: { text: string; empty: string }) {
  const [open, setOpen] = useState(false);
  if (!text.trim()) return <p className="text-muted-foreground text-sm">{empty}</p>;
  if (!isLong(text)) return <p className="whitespace-pre-line break-words text-sm">{text}</p>;
  return (
    <Collapsible open={open} onOpenChange={setOpen}>
      {/* The clamp is visual only: a screen reader reads the whole text either way. */}
      {open ? null : <p className="line-clamp-4 whitespace-pre-line break-words text-sm">{text}</p>}
      <CollapsibleContent className="data-[state=open]:animate-none">
        <p className="whitespace-pre-line break-words text-sm">{text}</p>
      </CollapsibleContent>
      <CollapsibleTrigger className="mt-1.5 inline-flex items-center gap-1 rounded-sm font-medium text-primary text-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring">
        {open ? "Show less" : "Show more"}
        <ChevronDown className={open ? "size-4 rotate-180" : "size-4"} aria-hidden />
      </CollapsibleTrigger>
    </Collapsible>
  );
}
