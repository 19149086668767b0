import { type ClassValue, clsx } from "clsx";
import { mergeClasses } from "./class-merge.ts";

/** Joins class names, letting later Tailwind utilities win over earlier conflicting ones. */
export function cn(...inputs: ClassValue[]): string {
  return mergeClasses(clsx(inputs));
}

/** Up to two initials for an avatar fallback: "Ana Rivera" → "AR", "northwind" → "N". */
export function initials(...parts: Array<string | null | undefined>): string {
  const words = parts
    .flatMap((part) => (part ?? "").trim().split(/\s+/))
    .filter(Boolean)
    .slice(0, 2);
  return words.map((word) => Array.from(word)[0]?.toUpperCase() ?? "").join("") || "?";
}
