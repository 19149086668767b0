import { Skeleton } from "#web/components/ui/skeleton.tsx";

/** An article on its way: its title, a line and paragraphs. `bare` inside the page (no outer frame). */
export function HelpArticleLoading({ bare = false }: { bare?: boolean }) {
  const body = (
    <div role="status" aria-label="Loading the article" className="max-w-3xl space-y-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-40" />
      <div className="space-y-3 pt-4">
        {[0, 1, 2, 3, 4].map((key) => (
          <Skeleton key={key} className="h-4 w-full" />
        ))}
        <Skeleton className="h-4 w-3/4" />
      </div>
    </div>
  );
  return bare ? body : <div className="mx-auto w-full max-w-6xl pt-14">{body}</div>;
}
