import { type CompanyRole, showsGettingStarted } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { gettingStartedQueryOptions } from "../checklist-query.ts";

// Only the question "is there anything left to do?" loads with the dashboard; the card's code comes
// when the answer is yes, so an established company's dashboard downloads nothing more.
const GettingStartedCard = lazy(() => import("./getting-started-card.tsx"));

/** The getting-started checklist, for a company that has not done every step nor hidden it. */
export function GettingStarted({ role }: { role: CompanyRole | undefined }) {
  const { data } = useQuery(gettingStartedQueryOptions(useCompanyId()));
  return data && showsGettingStarted(data) ? (
    <Suspense>
      <GettingStartedCard checklist={data} role={role} />
    </Suspense>
  ) : null;
}
