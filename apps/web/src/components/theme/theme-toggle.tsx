import { Monitor, Moon, Sun } from "lucide-react";
import { cn } from "#web/lib/utils.ts";
import { Button } from "../ui/button.tsx";
import {
  LazyDropdownMenu,
  LazyDropdownMenuContent,
  LazyDropdownMenuLabel,
  LazyDropdownMenuRadioGroup,
  LazyDropdownMenuRadioItem,
  LazyDropdownMenuTrigger,
} from "../ui/lazy-dropdown-menu.tsx";
import { LazyTooltip } from "../ui/lazy-tooltip.tsx";
import { type Theme, useTheme } from "./theme-provider.tsx";

const options: ReadonlyArray<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: "light", label: "Light", icon: Sun },
  { value: "dark", label: "Dark", icon: Moon },
  { value: "system", label: "System", icon: Monitor },
];

type ThemeToggleProps = {
  /** Show the current theme's name next to the icon (the expanded sidebar). */
  showLabel?: boolean;
  className?: string;
  side?: "top" | "right" | "bottom" | "left";
  align?: "start" | "center" | "end";
  /** Icon-only placements can name the control in a tooltip. */
  tooltip?: string;
};

export function ThemeToggle({
  showLabel = false,
  className,
  side = "top",
  align = "start",
  tooltip,
}: ThemeToggleProps) {
  const { theme, resolvedTheme, setTheme } = useTheme();
  const current = options.find((option) => option.value === theme) ?? options[0]!;
  const trigger = (
    <LazyDropdownMenuTrigger asChild>
      <Button
        variant="ghost"
        size={showLabel ? "sm" : "icon-sm"}
        // With a visible label ("Dark theme") that text is the name; icon-only needs one.
        aria-label={showLabel ? undefined : "Toggle theme"}
        className={cn(showLabel && "justify-start", className)}
      >
        {resolvedTheme === "dark" ? <Moon /> : <Sun />}
        {showLabel ? <span className="truncate">{current.label} theme</span> : null}
      </Button>
    </LazyDropdownMenuTrigger>
  );
  return (
    <LazyDropdownMenu>
      {tooltip ? (
        <LazyTooltip content={tooltip} side="right">
          {trigger}
        </LazyTooltip>
      ) : (
        trigger
      )}
      <LazyDropdownMenuContent side={side} align={align} className="min-w-36">
        <LazyDropdownMenuLabel>Theme</LazyDropdownMenuLabel>
        <LazyDropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {options.map(({ value, label, icon: Icon }) => (
            <LazyDropdownMenuRadioItem key={value} value={value}>
              <Icon />
              {label}
            </LazyDropdownMenuRadioItem>
          ))}
        </LazyDropdownMenuRadioGroup>
      </LazyDropdownMenuContent>
    </LazyDropdownMenu>
  );
}
