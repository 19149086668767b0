import type { Header } from "@tanstack/react-table";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "#web/lib/utils.ts";

type SortHeaderProps<T> = { header: Header<T, unknown>; children: ReactNode; numeric?: boolean };

/** A column title as a button that sorts by it (the th carries aria-sort); Enter and Space work. */
export function SortHeader<T>({ header, children, numeric = false }: SortHeaderProps<T>) {
  const sorted = header.column.getIsSorted();
  const Icon = sorted === "asc" ? ArrowUp : sorted === "desc" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      onClick={header.column.getToggleSortingHandler()}
      className={cn(
        "-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        numeric && "flex-row-reverse",
        sorted && "text-foreground",
      )}
    >
      {children}
      <Icon aria-hidden className={cn("size-3.5 shrink-0", !sorted && "opacity-50")} />
    </button>
  );
}

/** The th's aria-sort for a column's sort state. */
export function ariaSort(sorted: false | "asc" | "desc"): "ascending" | "descending" | "none" {
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}
