import { PHONE_NUMBER_MONTHLY_CENTS } from "@foreman/contract";
import { useQuery } from "@tanstack/react-query";
import { Phone, PhoneCall, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { PageHeader } from "#web/components/layout/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs.tsx";
import { useCompanyId } from "#web/lib/company-id.tsx";
import { formatCents } from "#web/lib/format-cents.ts";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import type { PhonesSearch, PhonesTab } from "../phones-search.ts";
import { AddNumberDialog } from "./add-number-dialog.tsx";
import { type CallsFiltersChange, CallsSection } from "./calls-section.tsx";
import { NumbersSection } from "./numbers-section.tsx";

// /phones: the company's phone numbers and its calls, a tab each (the tab in the address), with the
// add-phone-number modal a click away from both.

type PhonesPageProps = {
  search: PhonesSearch;
  canManage: boolean;
  /** The route's help link (context help is composed by the route). */
  help?: ReactNode;
  onTabChange: (tab: PhonesTab) => void;
  onFiltersChange: (change: CallsFiltersChange) => void;
};

/** Mounted once first opened, and kept for its closing animation. */
type Overlay = { open: boolean; key: number } | null;

export function PhonesPage({ search, canManage, help, onTabChange, onFiltersChange }: PhonesPageProps) {
  const companyId = useCompanyId();
  const tab: PhonesTab = search.tab ?? "numbers";
  const [adding, setAdding] = useState<Overlay>(null);
  const { data: employees = [] } = useQuery({ ...employeeNamesQueryOptions(companyId), enabled: canManage });
  // Each opening starts afresh (a new search); closing keeps the dialog for its animation.
  const openAdd = () => setAdding((current) => ({ open: true, key: (current?.key ?? 0) + 1 }));

  return (
    <div className="space-y-6">
      <PageHeader
        title="Phone numbers"
        description={`Numbers your AI employees answer, at ${formatCents(PHONE_NUMBER_MONTHLY_CENTS)} a month each, and the calls they take and make.`}
        help={help}
        actions={
          <ManagerOnly allowed={canManage}>
            <Button onClick={openAdd} disabled={!canManage}>
              <Plus aria-hidden />
              Add phone number
            </Button>
          </ManagerOnly>
        }
      />
      <Tabs
        value={tab}
        onValueChange={(value) => {
          if (value === "numbers" || value === "calls") onTabChange(value);
        }}
      >
        <TabsList aria-label="Phone sections">
          <TabsTrigger value="numbers">
            <Phone aria-hidden />
            Numbers
          </TabsTrigger>
          <TabsTrigger value="calls">
            <PhoneCall aria-hidden />
            Calls
          </TabsTrigger>
        </TabsList>
        <TabsContent value="numbers">
          <NumbersSection companyId={companyId} canManage={canManage} onAddNumber={openAdd} />
        </TabsContent>
        <TabsContent value="calls">
          <CallsSection
            companyId={companyId}
            search={search}
            canManage={canManage}
            onFiltersChange={onFiltersChange}
            onAddNumber={openAdd}
          />
        </TabsContent>
      </Tabs>
      {adding ? (
        <AddNumberDialog
          key={adding.key}
          companyId={companyId}
          open={adding.open}
          onClose={() => setAdding((current) => (current ? { ...current, open: false } : current))}
          employees={employees}
        />
      ) : null}
    </div>
  );
}

/** Before the company is known (the first sign-in): the page's shape. */
export function PhonesLoading() {
  return (
    <div className="space-y-6" role="status">
      <span className="sr-only">Loading phone numbers…</span>
      <Skeleton className="h-9 w-56" />
      <Skeleton className="h-9 w-48" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}
