import type { HelpSection } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { cn } from "#web/lib/utils.ts";

/** Every article by section, beside the one being read (marked as the current page). */
export function SectionNav({ sections, current }: { sections: HelpSection[]; current: string }) {
  return (
    <nav aria-label="Help articles" className="grid gap-5 lg:sticky lg:top-6">
      {sections.map((section) => (
        <div key={section.name}>
          <h2 className="px-3 font-medium text-muted-foreground text-xs uppercase tracking-wide">{section.name}</h2>
          <ul className="mt-1.5 grid gap-0.5">
            {section.articles.map((article) => (
              <li key={article.slug}>
                <Link
                  to="/help/$slug"
                  params={{ slug: article.slug }}
                  aria-current={article.slug === current ? "page" : undefined}
                  className={cn(
                    "block rounded-md px-3 py-1.5 text-sm outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
                    article.slug === current ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground",
                  )}
                >
                  {article.title}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
