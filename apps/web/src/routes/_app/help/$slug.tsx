import { isHelpSlug } from "@foreman/contract";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { helpArticleQueryOptions, isHelpArticleNotFound } from "#web/features/help/api.ts";
import { HelpArticleLoading } from "#web/features/help/components/help-article-loading.tsx";
import { HelpArticleNotFound } from "#web/features/help/components/help-article-not-found.tsx";
import { HelpArticlePage } from "#web/features/help/components/help-article-page.tsx";

export const Route = createFileRoute("/_app/help/$slug")({
  // The loader travels in the article's own chunk, so nothing of the help centre weighs on the shell.
  codeSplitGroupings: [
    ["loader", "component"],
    ["pendingComponent", "notFoundComponent"],
  ],
  // A name no article can have, or one the server does not know, is the article's Not Found page.
  loader: async ({ context: { queryClient }, params: { slug } }) => {
    if (!isHelpSlug(slug)) throw notFound();
    try {
      const article = await queryClient.ensureQueryData(helpArticleQueryOptions(slug));
      return { title: article.title };
    } catch (error) {
      if (isHelpArticleNotFound(error)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.title} · Help centre · Foreman` : "Help centre · Foreman" }],
  }),
  pendingComponent: () => <HelpArticleLoading />,
  notFoundComponent: HelpArticleNotFound,
  component: HelpArticleRoute,
});

function HelpArticleRoute() {
  const { slug } = Route.useParams();
  return <HelpArticlePage slug={slug} />;
}
