import { useRouter } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { cn } from "#web/lib/utils.ts";

// The article's typography in the app's own scale: headings, paragraphs, lists, code, tables, links.
const TYPOGRAPHY = cn(
  "max-w-none text-[0.9375rem] leading-7 text-foreground",
  "[&>*+*]:mt-4 [&_h2]:mt-9 [&_h2]:scroll-mt-6 [&_h2]:font-semibold [&_h2]:text-xl [&_h2]:tracking-tight",
  "[&_h3]:mt-7 [&_h3]:font-semibold [&_h3]:text-base [&_h4]:mt-5 [&_h4]:font-medium",
  "[&_ul]:list-disc [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:pl-6 [&_li]:mt-1.5 [&_li]:pl-1 [&_li::marker]:text-muted-foreground",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:decoration-2",
  "[&_a]:rounded-sm [&_a]:outline-none [&_a:focus-visible]:ring-2 [&_a:focus-visible]:ring-ring",
  "[&_strong]:font-semibold [&_blockquote]:border-l-2 [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground",
  "[&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-muted [&_:not(pre)>code]:px-1 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.85em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:border [&_pre]:bg-muted [&_pre]:p-4 [&_pre]:font-mono [&_pre]:text-[0.8125rem] [&_pre]:leading-6",
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border-b [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-medium [&_th]:text-muted-foreground",
  "[&_td]:border-b [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_hr]:my-8",
  "[&_pre]:outline-none [&_pre:focus-visible]:ring-2 [&_pre:focus-visible]:ring-ring [&_table]:outline-none [&_table:focus-visible]:ring-2 [&_table:focus-visible]:ring-ring",
);

/**
 * An article's HTML, sanitized by the server (markdown-it without raw HTML, then sanitize-html). Links
 * into the product (/help/…, /settings?tab=…) stay in the app instead of loading the page again.
 */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  function followInAppLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!href?.startsWith("/") || href.startsWith("//")) return;
    event.preventDefault();
    void router.navigate({ href });
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: only catches its links' clicks (Enter on a link clicks it)
    <div
      className={cn(TYPOGRAPHY, className)}
      onClick={followInAppLink}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders it without raw HTML and sanitizes it
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
