import { type Call, displayTimeZone, formatCallDuration, friendlyPhoneNumber } from "@foreman/contract";
import { Link } from "@tanstack/react-router";
import { LIST_CARD_CLASS, ListCardContent } from "#web/components/layout/list-card.tsx";
import { TableOrCards } from "#web/components/layout/table-or-cards.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { exactDateTime } from "#web/lib/relative-time.ts";
import { isFinalCallStatus } from "../api.ts";
import { callStartedLabel } from "../call-time.ts";
import { CallDirectionLabel, CallOutcomeText, CallStatusBadge } from "./call-badges.tsx";
import { CallTimer } from "./call-timer.tsx";

// The calls, newest first: a table where there is room (about 56rem), cards on phones; every row opens
// the call's page with its transcript. A call still going shows its running time.

/** The call's duration once ended; its running time while it goes on. */
function Duration({ call }: { call: Call }) {
  if (call.durationSeconds !== null) return <>{formatCallDuration(call.durationSeconds)}</>;
  if (isFinalCallStatus(call.status)) return <Dash />;
  return <CallTimer call={call} className="font-sans" />;
}

function Dash() {
  return (
    <span className="text-muted-foreground">
      <span aria-hidden>—</span>
      <span className="sr-only">None</span>
    </span>
  );
}

export function CallsList({ calls }: { calls: readonly Call[] }) {
  const now = new Date();
  const zone = displayTimeZone();
  return (
    <TableOrCards
      tableClassName="overflow-hidden"
      by="list"
      table={
        <Table aria-label="Calls">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead scope="col" className="pl-4">
                Call
              </TableHead>
              <TableHead scope="col">From and to</TableHead>
              <TableHead scope="col">AI employee</TableHead>
              <TableHead scope="col">Customer</TableHead>
              <TableHead scope="col">Status and outcome</TableHead>
              <TableHead scope="col" className="text-right">
                Duration
              </TableHead>
              <TableHead scope="col" className="pr-4">
                Started
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {calls.map((call) => (
              <TableRow key={call.id} className="relative" data-testid="call-row" data-id={call.id}>
                <TableCell className="pl-4">
                  {/* The link covers the whole row (after:inset-0), so the row is one target. */}
                  <Link
                    to="/phones/calls/$callId"
                    params={{ callId: call.id }}
                    className="block font-medium outline-none after:absolute after:inset-0 focus-visible:underline focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
                  >
                    Call {call.number}
                  </Link>
                  <CallDirectionLabel direction={call.direction} className="text-muted-foreground text-xs" />
                </TableCell>
                <TableCell className="tabular-nums">
                  <span className="block">{friendlyPhoneNumber(call.from)}</span>
                  <span className="block text-muted-foreground text-xs">
                    <span className="sr-only">to </span>
                    <span aria-hidden>→ </span>
                    {friendlyPhoneNumber(call.to)}
                  </span>
                </TableCell>
                <TableCell className="max-w-40 truncate" title={call.aiEmployee?.name}>
                  {call.aiEmployee?.name ?? <Dash />}
                </TableCell>
                <TableCell className="max-w-40 truncate" title={call.customer?.name}>
                  {call.customer?.name ?? <Dash />}
                </TableCell>
                <TableCell>
                  <CallStatusBadge status={call.status} />
                  {call.isTest ? <span className="ml-1.5 text-muted-foreground text-xs">Test</span> : null}
                  {/* Under the status, like the direction under the call: one column fewer fits a laptop. */}
                  {call.outcome ? (
                    <span className="mt-0.5 block text-muted-foreground text-xs">
                      <CallOutcomeText outcome={call.outcome} />
                    </span>
                  ) : null}
                </TableCell>
                <TableCell className="text-right font-medium tabular-nums" data-testid="call-duration">
                  <Duration call={call} />
                </TableCell>
                <TableCell className="whitespace-nowrap pr-4 text-muted-foreground">
                  <time dateTime={call.startedAt} title={exactDateTime(call.startedAt)}>
                    {callStartedLabel(call.startedAt, now, zone)}
                  </time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      }
      cards={calls.map((call) => (
        <li key={call.id} data-testid="call-card" data-id={call.id}>
          <Link to="/phones/calls/$callId" params={{ callId: call.id }} className={LIST_CARD_CLASS}>
            <ListCardContent>
              <div className="flex items-start justify-between gap-3">
                <span className="min-w-0">
                  <span className="block font-medium">
                    Call {call.number}
                    {call.customer ? <span className="font-normal"> · {call.customer.name}</span> : null}
                  </span>
                  <CallDirectionLabel direction={call.direction} className="text-muted-foreground text-xs" />
                </span>
                <span className="shrink-0 font-medium tabular-nums" data-testid="call-duration">
                  <Duration call={call} />
                </span>
              </div>
              <p className="truncate text-muted-foreground text-sm tabular-nums">
                {friendlyPhoneNumber(call.from)} → {friendlyPhoneNumber(call.to)}
              </p>
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
                <CallStatusBadge status={call.status} />
                {call.aiEmployee ? <span className="truncate">{call.aiEmployee.name}</span> : null}
                {call.outcome ? <CallOutcomeText outcome={call.outcome} /> : null}
                <time className="ml-auto" dateTime={call.startedAt}>
                  {callStartedLabel(call.startedAt, now, zone)}
                </time>
              </div>
            </ListCardContent>
          </Link>
        </li>
      ))}
    />
  );
}
