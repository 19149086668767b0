import type { HelpSection } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

/** Every article, by section, for browsing when nothing is typed. */
export function HelpSections({ sections }: { sections: HelpSection[] }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {sections.map((section) => (
        <Card key={section.name} className="gap-3 py-5">
          <CardHeader className="px-5">
            <CardTitle>
              <h2>{section.name}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="px-2">
            <ul className="grid gap-0.5">
              {section.articles.map((article) => (
                <li key={article.slug}>
                  <Link
                    to="/help/$slug"
                    params={{ slug: article.slug }}
                    className="block rounded-lg px-3 py-2 outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="font-medium text-sm">{article.title}</span>
                    <span className="mt-0.5 block text-muted-foreground text-sm leading-snug">{article.summary}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
