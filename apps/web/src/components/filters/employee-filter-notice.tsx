import { useQuery } from "@tanstack/react-query";
import { Bot, X } from "lucide-react";
import type { ReactNode } from "react";
import { CompanyGate, useCompanyId } from "#web/lib/company-id.tsx";
import { aiEmployeeQueryOptions } from "#web/lib/workforce.ts";

type ClearLinkProps = { className: string; "aria-label": string; children: ReactNode };

type EmployeeFilterNoticeProps = {
  aiEmployeeId: string | undefined;
  /** The link that drops `aiEmployeeId` from the address (each list builds its own route's link). */
  clearLink: (props: ClearLinkProps) => ReactNode;
};

/**
 * "Only Nora Quinn's" above a list filtered by one AI employee (the links from its profile), with a way
 * back to everyone's. The name is looked up; until it arrives, or if the id is unknown, it says so plainly.
 */
export function EmployeeFilterNotice({ aiEmployeeId, clearLink }: EmployeeFilterNoticeProps) {
  if (!aiEmployeeId) return null;
  return (
    <CompanyGate>
      <Notice aiEmployeeId={aiEmployeeId} clearLink={clearLink} />
    </CompanyGate>
  );
}

function Notice({
  aiEmployeeId,
  clearLink,
}: {
  aiEmployeeId: string;
  clearLink: EmployeeFilterNoticeProps["clearLink"];
}) {
  const companyId = useCompanyId();
  const { data, isError } = useQuery(aiEmployeeQueryOptions(companyId, aiEmployeeId));
  const name = data?.name ?? (isError ? "an unknown AI employee" : "one AI employee");
  return (
    <p
      data-testid="employee-filter"
      className="inline-flex max-w-full items-center gap-2 rounded-lg border bg-muted/50 py-1 pr-1 pl-3 text-sm"
    >
      <Bot aria-hidden className="size-4 shrink-0 text-muted-foreground" />
      <span className="truncate" title={name}>
        Only <span className="font-medium">{name}</span>'s
      </span>
      {clearLink({
        "aria-label": "Show every AI employee's",
        className:
          "inline-flex size-6 shrink-0 items-center justify-center rounded-md text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
        children: <X aria-hidden className="size-4" />,
      })}
    </p>
  );
}
