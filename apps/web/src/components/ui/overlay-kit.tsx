// The Radix overlays the shell does not need to paint: tooltips, dropdown menus and the sheet, with
// Floating UI, focus scope, dismissable layer and remove-scroll under them. `deferred-overlays.ts`
// fetches this module (one chunk) the first time someone points at, focuses or presses a trigger;
// never import it statically from the shell.

export {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu.tsx";
export { SharedTooltip } from "./shared-tooltip.tsx";
export { Sheet, SheetContent, SheetDescription, SheetTitle } from "./sheet.tsx";
