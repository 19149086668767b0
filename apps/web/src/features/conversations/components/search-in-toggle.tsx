import type { ConversationsSearchIn } from "@foreman/contract";
import { useId } from "react";
import { chipClass } from "#web/components/ui/chip.tsx";

// What the conversations page's search box looks through: the conversations (their customers, needs
// and numbers, with the filters) or the text of every message.

const OPTIONS: { value: ConversationsSearchIn | undefined; label: string }[] = [
  { value: undefined, label: "Conversations" },
  { value: "messages", label: "Messages" },
];

export function SearchInToggle({
  value,
  onChange,
}: {
  value: ConversationsSearchIn | undefined;
  onChange: (value: ConversationsSearchIn | undefined) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-muted-foreground text-xs">
        Search in
      </span>
      <fieldset aria-labelledby={labelId} className="m-0 flex gap-1.5 border-0 p-0">
        {OPTIONS.map((option) => (
          <button
            key={option.label}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => {
              if (value !== option.value) onChange(option.value);
            }}
            className={chipClass(value === option.value, "facet")}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
