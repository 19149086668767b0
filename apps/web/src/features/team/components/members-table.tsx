import { type CompanyRole, formatLongDate, type Member, OWNER_ROLE_REQUIRED } from "@foreman/contract";
import { LogOut, ShieldCheck, ShieldOff, Trash2 } from "lucide-react";
import type { ReactElement } from "react";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { SELECT_CLASS } from "#web/components/ui/form-field.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { cn } from "#web/lib/utils.ts";
import { assignableRoles, canManageMember, memberName, ROLE_LABELS } from "../team-rules.ts";

type MembersTableProps = {
  members: readonly Member[];
  /** The viewer's role here: members see the table read-only. */
  viewerRole: CompanyRole | null;
  /** The member whose change is on its way: their controls wait. */
  busyId: string | null;
  /** A role chosen but not yet saved (asked about, or on its way): the select shows it meanwhile. */
  chosenRole: { memberId: string; role: CompanyRole } | null;
  onRoleChange: (member: Member, role: CompanyRole) => void;
  onRemove: (member: Member) => void;
};

/**
 * The company's people: name and address, role (a select where the viewer may change it), two-factor and
 * the day they joined. On phones two-factor and the date fold under the name, so a row stays one line of
 * controls: the role and the removal.
 */
export function MembersTable({ members, viewerRole, busyId, chosenRole, onRoleChange, onRemove }: MembersTableProps) {
  const manager = assignableRoles(viewerRole).length > 0;
  return (
    <div className="overflow-hidden rounded-xl border bg-card shadow-xs">
      <Table aria-label="Members" className="table-fixed md:table-auto">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead scope="col" className="max-sm:px-2.5">
              Member
            </TableHead>
            <TableHead scope="col" className="w-32 max-sm:px-2">
              Role
            </TableHead>
            <TableHead scope="col" className="hidden md:table-cell">
              Two-factor
            </TableHead>
            <TableHead scope="col" className="hidden lg:table-cell">
              Joined
            </TableHead>
            {manager ? (
              <TableHead scope="col" className="w-12 max-sm:px-1.5 md:w-28">
                <span className="sr-only">Actions</span>
              </TableHead>
            ) : null}
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              viewerRole={viewerRole}
              manager={manager}
              busy={busyId === member.id}
              role={chosenRole?.memberId === member.id ? chosenRole.role : member.role}
              onRoleChange={onRoleChange}
              onRemove={onRemove}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

type MemberRowProps = Omit<MembersTableProps, "members" | "busyId" | "chosenRole"> & {
  member: Member;
  manager: boolean;
  busy: boolean;
  /** What the role select shows. */
  role: CompanyRole;
};

function MemberRow({ member, viewerRole, manager, busy, role, onRoleChange, onRemove }: MemberRowProps) {
  const name = memberName(member);
  const manageable = canManageMember(viewerRole, member);
  const joined = formatLongDate(member.joinedAt);
  return (
    <TableRow data-testid="member-row" data-member-id={member.id} className="align-top md:align-middle">
      <TableCell className="whitespace-normal max-sm:px-2.5">
        <div className="grid min-w-0 gap-0.5">
          <div className="flex min-w-0 items-center gap-1.5">
            <span className="truncate font-medium" title={name}>
              {name}
            </span>
            {member.you ? (
              <Badge variant="secondary" className="px-1.5">
                You
              </Badge>
            ) : null}
          </div>
          <span className="truncate text-muted-foreground text-xs" title={member.email}>
            {member.email}
          </span>
          {/* What the hidden columns say, under the name on narrow screens. */}
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1 pt-1 lg:hidden">
            <span className="md:hidden">
              <TwoFactorBadge enabled={member.twoFactorEnabled} />
            </span>
            {joined ? <span className="text-muted-foreground text-xs">Joined {joined}</span> : null}
          </span>
        </div>
      </TableCell>
      <TableCell className="max-sm:px-2">
        {manageable ? (
          <select
            aria-label={`Role of ${name}`}
            className={cn(SELECT_CLASS, "h-8 max-w-32")}
            value={role}
            disabled={busy}
            onChange={(event) => onRoleChange(member, event.target.value as CompanyRole)}
          >
            {assignableRoles(viewerRole).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          <RoleBadge role={member.role} />
        )}
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <TwoFactorBadge enabled={member.twoFactorEnabled} />
      </TableCell>
      <TableCell className="hidden text-muted-foreground lg:table-cell">{joined}</TableCell>
      {manager ? (
        <TableCell className="max-sm:px-1.5">
          <div className="flex justify-end">
            <RemoveAction member={member} name={name} allowed={manageable} busy={busy} onRemove={onRemove} />
          </div>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

function RemoveAction({
  member,
  name,
  allowed,
  busy,
  onRemove,
}: {
  member: Member;
  name: string;
  allowed: boolean;
  busy: boolean;
  onRemove: (member: Member) => void;
}) {
  const label = member.you ? "Leave the company" : `Remove ${name}`;
  const button = (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label}
      disabled={!allowed || busy}
      onClick={() => onRemove(member)}
      className="text-muted-foreground hover:text-destructive max-md:size-8 max-md:px-0"
    >
      {member.you ? <LogOut aria-hidden /> : <Trash2 aria-hidden />}
      <span className="max-md:hidden">{member.you ? "Leave" : "Remove"}</span>
    </Button>
  );
  // An admin looking at an owner: the button stays in its place, disabled, with the reason.
  return allowed ? button : <DisabledReason reason={OWNER_ROLE_REQUIRED}>{button}</DisabledReason>;
}

/** A disabled control takes neither focus nor pointer: a focusable span carries its reason as a tooltip. */
function DisabledReason({ reason, children }: { reason: string; children: ReactElement }) {
  return (
    <LazyTooltip content={reason}>
      <span
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the disabled button's reason must be reachable by keyboard
        tabIndex={0}
        className="inline-flex rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </span>
    </LazyTooltip>
  );
}

function RoleBadge({ role }: { role: CompanyRole }) {
  return <Badge variant={role === "member" ? "muted" : "outline"}>{ROLE_LABELS[role]}</Badge>;
}

function TwoFactorBadge({ enabled }: { enabled: boolean }) {
  return enabled ? (
    <Badge variant="success">
      <ShieldCheck aria-hidden />
      2FA on
    </Badge>
  ) : (
    <Badge variant="muted">
      <ShieldOff aria-hidden />
      2FA off
    </Badge>
  );
}
