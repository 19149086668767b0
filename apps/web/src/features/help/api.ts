import {
  type HelpContact,
  type HelpContactAccepted,
  helpArticleSchema,
  helpCentreSchema,
  helpSearchSchema,
} from "@foreman/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "#web/lib/api-client.ts";
import { isApiError } from "#web/lib/api-error.ts";
import { getSelectedCompany } from "#web/lib/selected-company.ts";

// The help centre's calls: its sections, the search as you type, one article, and the contact form.
// Not company-scoped: the articles are the product's. Answers are parsed with the contract's schemas
// (this module loads with the help centre's chunk only, so zod stays out of the shell).

/** Articles change only with a new version of the product: read once a session is plenty. */
const ARTICLES_STALE_MS = 30 * 60_000;

export const helpKeys = {
  centre: ["help"] as const,
  search: (q: string) => ["help", "search", q] as const,
  article: (slug: string) => ["help", "article", slug] as const,
};

/** `GET /app/help.json`. */
export function helpCentreQueryOptions() {
  return queryOptions({
    queryKey: helpKeys.centre,
    queryFn: async ({ signal }) => helpCentreSchema.parse(await apiRequest<unknown>("/app/help.json", { signal })),
    staleTime: ARTICLES_STALE_MS,
  });
}

/** `GET /app/help/articles.json?q=`: while the next search loads, the last one's results stay. */
export function helpSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: helpKeys.search(q),
    queryFn: async ({ signal }) =>
      helpSearchSchema.parse(await apiRequest<unknown>("/app/help/articles.json", { signal, query: { q } })),
    staleTime: ARTICLES_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: q.length > 0,
  });
}

/** `GET /app/help/articles/{slug}.json`. */
export function helpArticleQueryOptions(slug: string) {
  return queryOptions({
    queryKey: helpKeys.article(slug),
    queryFn: async ({ signal }) =>
      helpArticleSchema.parse(
        await apiRequest<unknown>(`/app/help/articles/${encodeURIComponent(slug)}.json`, { signal }),
      ),
    staleTime: ARTICLES_STALE_MS,
  });
}

/** No article by that name: the API's 404, or a 400 for a name no article can have. */
export function isHelpArticleNotFound(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/**
 * `POST /app/help/contact.json`: with the selected company, so support knows which one the question is
 * about (the server names it only when the user is its member).
 */
export function sendSupportMessage(contact: HelpContact): Promise<HelpContactAccepted> {
  const companyId = getSelectedCompany()?.id;
  return apiRequest<HelpContactAccepted>("/app/help/contact.json", {
    method: "POST",
    body: contact,
    ...(companyId ? { companyScoped: true, companyId } : {}),
  });
}
