import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft } from "lucide-react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { helpArticleQueryOptions, helpCentreQueryOptions } from "../api.ts";
import { ArticleBody } from "./article-body.tsx";
import { HelpArticleLoading } from "./help-article-loading.tsx";
import { HelpSearchField } from "./help-search-field.tsx";
import { SectionNav } from "./section-nav.tsx";

/** "28 November 2026": the day as written, never shifted by a time zone. */
function revisedOn(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
}

/** /help/{slug}: one article, the way back, a search that leads to the help centre, and its section's other articles. */
export function HelpArticlePage({ slug }: { slug: string }) {
  const query = useQuery(helpArticleQueryOptions(slug));
  const centre = useQuery(helpCentreQueryOptions());
  const navigate = useNavigate();
  const article = query.data;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground">
          <Link to="/help">
            <ArrowLeft aria-hidden />
            Back to help
          </Link>
        </Button>
        <HelpSearchField
          className="w-full sm:max-w-xs"
          value=""
          // Here the search runs on Enter, on the help centre's page, rather than under the reader's typing.
          onSearch={() => {}}
          onOpenFirst={(q) => void navigate({ to: "/help", search: { q } })}
        />
      </div>
      {article ? (
        <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
          <article className="min-w-0 max-w-3xl">
            {/* Not the screens' PageHeader: an article's title wraps rather than being cut on a phone. */}
            <header className="space-y-1">
              <h1 className="text-balance font-semibold text-2xl tracking-tight">{article.title}</h1>
              <p className="text-muted-foreground">{article.summary}</p>
            </header>
            <p className="mt-3 flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
              <Badge variant="secondary" className="font-normal">
                {article.section}
              </Badge>
              <span>Updated {revisedOn(article.updated)}</span>
            </p>
            <ArticleBody html={article.html} className="mt-6 border-t pt-2" />
          </article>
          {centre.data ? <SectionNav sections={centre.data.sections} current={slug} /> : null}
        </div>
      ) : query.isError ? (
        <QueryError title="Couldn't load this article" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <HelpArticleLoading bare />
      )}
    </div>
  );
}
