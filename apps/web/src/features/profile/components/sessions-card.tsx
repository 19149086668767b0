import type { UserSession } from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LogOut, Monitor, Smartphone } from "lucide-react";
import { useMemo, useState } from "react";
import { ConfirmDialog } from "#web/components/feedback/confirm-dialog.tsx";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { LazyTooltip } from "#web/components/ui/lazy-tooltip.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { exactDateTime, relativeTime } from "#web/lib/relative-time.ts";
import { toast } from "#web/lib/toast-store.ts";
import { revokeOtherSessions, revokeSession, sessionsQueryOptions } from "../api.ts";
import { describeUserAgent, parseUserAgent } from "../user-agent.ts";
import { ProfileCard } from "./profile-card.tsx";

const PHONES = new Set(["iPhone", "Android"]);

/** This device first, then the most recently used. */
function byRecentUse(a: UserSession, b: UserSession): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return Date.parse(b.lastUsedAt) - Date.parse(a.lastUsedAt);
}

/** Where the user is signed in: each sign-in can be ended, or all of them but this one. */
export function SessionsCard() {
  const queryClient = useQueryClient();
  const query = useQuery(sessionsQueryOptions());
  const [ending, setEnding] = useState<string | null>(null);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const [endingAll, setEndingAll] = useState(false);
  const sessions = useMemo(() => (query.data ? [...query.data].sort(byRecentUse) : undefined), [query.data]);
  const others = sessions?.filter((session) => !session.current).length ?? 0;

  const endOne = async (session: UserSession, name: string) => {
    setEnding(session.id);
    try {
      await revokeSession(queryClient, session.id);
      toast({ title: `Signed out of ${name}`, variant: "success" });
    } catch (error) {
      toast({ title: "The session could not be ended", description: describeError(error), variant: "destructive" });
    } finally {
      setEnding(null);
    }
  };

  const endOthers = async () => {
    setEndingAll(true);
    try {
      const revoked = await revokeOtherSessions(queryClient);
      setConfirmingAll(false);
      toast({
        title: revoked === 1 ? "Signed out of 1 other session" : `Signed out of ${revoked} other sessions`,
        variant: "success",
      });
    } catch (error) {
      toast({ title: "The sessions could not be ended", description: describeError(error), variant: "destructive" });
    } finally {
      setEndingAll(false);
    }
  };

  return (
    <ProfileCard
      title="Sessions"
      description="The browsers and apps signed in to your account. End any you do not recognise, then change your password."
      action={
        <Button
          variant="outline"
          size="sm"
          disabled={others === 0}
          onClick={() => setConfirmingAll(true)}
          data-testid="sign-out-other-sessions"
        >
          <LogOut aria-hidden />
          Sign out all other sessions
        </Button>
      }
    >
      {query.error && !sessions ? (
        <QueryError
          title="Couldn't load your sessions"
          error={query.error}
          onRetry={() => void query.refetch()}
          size="sm"
        />
      ) : !sessions ? (
        <div role="status" aria-label="Loading your sessions" className="grid gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : sessions.length === 0 ? (
        <p className="text-muted-foreground text-sm">No one is signed in to your account.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Your sessions">
          {sessions.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              ending={ending === session.id}
              onEnd={(name) => void endOne(session, name)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmingAll}
        title="Sign out all other sessions?"
        description={`${others === 1 ? "1 other session ends" : `${others} other sessions end`} at once: whoever uses them must sign in again. This browser stays signed in.`}
        confirmLabel="Sign out others"
        pending={endingAll}
        onCancel={() => setConfirmingAll(false)}
        onConfirm={() => void endOthers()}
      />
    </ProfileCard>
  );
}

function SessionItem({
  session,
  ending,
  onEnd,
}: {
  session: UserSession;
  ending: boolean;
  onEnd: (name: string) => void;
}) {
  const { os } = parseUserAgent(session.userAgent);
  const name = describeUserAgent(session.userAgent);
  const Icon = os && PHONES.has(os) ? Smartphone : Monitor;
  return (
    <li data-testid="session" className="flex flex-wrap items-start gap-3 rounded-lg border p-3 text-sm">
      <Icon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="min-w-0 break-words font-medium">{name}</span>
          {session.current ? <Badge variant="success">This device</Badge> : null}
        </div>
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-muted-foreground">
          <dt>App</dt>
          <dd className="min-w-0 break-words text-foreground">{session.client}</dd>
          <dt>IP address</dt>
          <dd className="min-w-0 break-all text-foreground">{session.ipAddress ?? "Not known"}</dd>
          <dt>Signed in</dt>
          <dd className="text-foreground">
            <SessionTime at={session.signedInAt} />
          </dd>
          <dt>Last used</dt>
          <dd className="text-foreground">{session.current ? "Now" : <SessionTime at={session.lastUsedAt} />}</dd>
        </dl>
      </div>
      {session.current ? null : (
        <Button variant="outline" size="sm" disabled={ending} onClick={() => onEnd(name)} className="max-sm:w-full">
          {ending ? <Spinner /> : null}
          End session
          <span className="sr-only"> on {name}</span>
        </Button>
      )}
    </li>
  );
}

/** "3 days ago", the full date in a tooltip (focusable, so the keyboard reaches it) and for screen readers. */
function SessionTime({ at }: { at: string }) {
  const exact = exactDateTime(at);
  return (
    <LazyTooltip content={exact}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip with the full date opens on focus */}
      <time dateTime={at} tabIndex={0} className="rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {relativeTime(at)}
        <span className="sr-only"> ({exact})</span>
      </time>
    </LazyTooltip>
  );
}
