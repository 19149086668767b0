import { formatLongDate, friendlyPhoneNumber, PHONE_NUMBER_MONTHLY_CENTS, type PhoneNumber } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Phone, Plus } from "lucide-react";
import { type ReactNode, useCallback, useState } from "react";
import { ManagerOnly } from "#web/components/access/manager-only.tsx";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { EmptyState } from "#web/components/feedback/empty-state.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { formatCents } from "#web/lib/format-cents.ts";
import { toast } from "#web/lib/toast-store.ts";
import { employeeNamesQueryOptions } from "#web/lib/workforce.ts";
import { invalidateNumbers, phoneNumbersQueryOptions, releasePhoneNumber } from "../api.ts";
import { CallSettingsCard } from "./call-settings-card.tsx";
import { NumberDialog, type NumberDialogMode } from "./number-dialog.tsx";
import type { NumberAction } from "./number-row-menu.tsx";
import { NumbersTable } from "./numbers-table.tsx";

// The Numbers tab: the company's numbers with what they cost, renaming, assigning and releasing them,
// and the call settings every number follows.

type NumbersSectionProps = { companyId: string; canManage: boolean; onAddNumber: () => void };

/** Mounted once first opened, and kept for its closing animation. */
type Editing = { open: boolean; number: PhoneNumber; mode: NumberDialogMode } | null;

export function NumbersSection({ companyId, canManage, onAddNumber }: NumbersSectionProps) {
  const queryClient = useQueryClient();
  const query = useQuery(phoneNumbersQueryOptions(companyId));
  const { data: employees = [] } = useQuery({ ...employeeNamesQueryOptions(companyId), enabled: canManage });
  const [editing, setEditing] = useState<Editing>(null);
  const [releasing, setReleasing] = useState<PhoneNumber | null>(null);
  const [pending, setPending] = useState(false);

  const onAction = useCallback((action: NumberAction, number: PhoneNumber) => {
    if (action === "release") setReleasing(number);
    else setEditing({ open: true, number, mode: action });
  }, []);

  async function release(number: PhoneNumber) {
    setPending(true);
    try {
      await releasePhoneNumber(companyId, number.id);
      toast({
        title: `${friendlyPhoneNumber(number.phoneNumber)} was released`,
        description: "It no longer takes calls, and is not charged from today.",
        variant: "success",
      });
      setReleasing(null);
      await invalidateNumbers(queryClient, companyId);
    } catch (error) {
      setReleasing(null);
      toast({ title: "Couldn't release the number", description: describeError(error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  let list: ReactNode;
  if (query.error)
    list = (
      <QueryError
        title="Couldn't load your phone numbers"
        error={query.error}
        onRetry={() => void query.refetch()}
        size="sm"
      />
    );
  else if (!query.data)
    list = (
      <div className="space-y-2" role="status">
        <span className="sr-only">Loading phone numbers…</span>
        <Skeleton className="h-10 w-full rounded-lg" />
        <Skeleton className="h-16 w-full rounded-lg" />
        <Skeleton className="h-16 w-full rounded-lg" />
      </div>
    );
  else if (query.data.phoneNumbers.length === 0)
    list = (
      <EmptyState
        icon={Phone}
        title="No phone numbers yet"
        description={`Give your AI employees a number customers can call: ${formatCents(PHONE_NUMBER_MONTHLY_CENTS)} a month each, charged by the day.`}
        action={
          <ManagerOnly allowed={canManage}>
            <Button onClick={onAddNumber} disabled={!canManage}>
              <Plus aria-hidden />
              Add phone number
            </Button>
          </ManagerOnly>
        }
      />
    );
  else list = <NumbersTable numbers={query.data.phoneNumbers} canManage={canManage} onAction={onAction} />;

  return (
    <div className="grid gap-6">
      <section aria-labelledby="phone-numbers-heading" className="space-y-4">
        <h2 id="phone-numbers-heading" className="flex items-baseline gap-2 font-semibold text-base">
          Your numbers
          {query.data ? (
            <span className="font-normal text-muted-foreground tabular-nums" data-testid="numbers-total">
              {query.data.total}
            </span>
          ) : null}
        </h2>
        {list}
        {query.data && query.data.provider === "simulated" ? (
          <p className="text-muted-foreground text-xs">
            These numbers come from the built-in simulated phone provider (the fictional 555-01xx range): calls are real
            to Foreman but ring no phone. Set Twilio's credentials on the server to buy real numbers.
          </p>
        ) : null}
      </section>
      <div className="max-w-3xl">
        <CallSettingsCard companyId={companyId} canManage={canManage} />
      </div>
      {editing ? (
        <NumberDialog
          companyId={companyId}
          number={editing.number}
          mode={editing.mode}
          open={editing.open}
          onClose={() => setEditing((current) => (current ? { ...current, open: false } : current))}
          employees={employees}
        />
      ) : null}
      <ConfirmDialog
        open={releasing !== null}
        title={releasing ? `Release ${friendlyPhoneNumber(releasing.phoneNumber)}?` : "Release the number?"}
        description={
          <>
            It stops taking calls and goes back to the phone provider; you may not get it back. Billing for it stops
            today, {formatLongDate(new Date())}.
          </>
        }
        confirmLabel="Release number"
        pending={pending}
        onCancel={() => setReleasing(null)}
        onConfirm={() => releasing && void release(releasing)}
      />
    </div>
  );
}
