import {
  type Call,
  type CallDetail,
  formatCallDuration,
  friendlyPhoneNumber,
  sayOnTestCallSchema,
} from "@foreman/contract";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, PhoneOff, Plus, SendHorizontal } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { QueryError } from "#web/components/feedback/query-error.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { describeError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast-store.ts";
import { callQueryOptions, hangUpCall, invalidateCalls, isFinalCallStatus, phonesKeys, sayOnTestCall } from "../api.ts";
import { CallStatusBadge } from "./call-badges.tsx";
import { CallTimer } from "./call-timer.tsx";
import { CallTranscript } from "./call-transcript.tsx";

// The call the interface placed, live: its status (asked every second until it ends), a timer that
// ticks here from when it was answered, Hang up, the transcript as it grows, and on a test call the box
// where staff type what the caller says.

type LiveCallProps = {
  companyId: string;
  callId: string;
  /** Start over with the form (the call has ended). */
  onNewCall: () => void;
};

export function LiveCall({ companyId, callId, onNewCall }: LiveCallProps) {
  const queryClient = useQueryClient();
  const query = useQuery(callQueryOptions(companyId, callId));
  const [hangingUp, setHangingUp] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const section = useRef<HTMLElement>(null);
  const hangUpButton = useRef<HTMLButtonElement>(null);
  const known = query.data !== undefined;
  const isTest = query.data?.isTest ?? false;
  // Once the call shows: in view (below the form on a phone), and the keyboard on its next step — the
  // caller's words on a test call (the box focuses itself), Hang up on a real one.
  useEffect(() => {
    if (!known) return;
    section.current?.scrollIntoView?.({ block: "nearest" });
    if (!isTest) hangUpButton.current?.focus();
  }, [known, isTest]);

  if (query.error && !query.data)
    return (
      <QueryError title="Couldn't follow the call" error={query.error} onRetry={() => void query.refetch()} size="sm" />
    );
  const call = query.data;
  if (!call)
    return (
      <div className="grid gap-3" role="status">
        <span className="sr-only">Placing the call…</span>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );

  const ended = isFinalCallStatus(call.status);
  const aiName = call.aiEmployee?.name ?? "AI employee";

  async function hangUp() {
    setHangingUp(true);
    try {
      const updated = await hangUpCall(companyId, callId);
      queryClient.setQueryData<CallDetail>(phonesKeys.call(companyId, callId), (current) =>
        current ? { ...current, ...pickCall(updated) } : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: phonesKeys.call(companyId, callId) }),
        invalidateCalls(queryClient, companyId),
      ]);
    } catch (error) {
      toast({ title: "Couldn't hang up", description: describeError(error), variant: "destructive" });
    } finally {
      setHangingUp(false);
    }
  }

  return (
    <section
      aria-label="Call in progress"
      className="grid min-w-0 gap-4"
      data-testid="live-call"
      data-call-id={call.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          {/* The status is announced as it changes: ringing, in progress, completed. */}
          <span role="status" aria-live="polite" className="inline-flex">
            <CallStatusBadge status={call.status} />
          </span>
          <CallTimer call={call} className="font-semibold text-2xl" />
        </div>
        {ended ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" asChild>
              <Link to="/phones/calls/$callId" params={{ callId: call.id }}>
                View call
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button size="sm" onClick={onNewCall}>
              <Plus aria-hidden />
              New call
            </Button>
          </div>
        ) : (
          <Button ref={hangUpButton} variant="destructive" size="sm" onClick={() => void hangUp()} disabled={hangingUp}>
            {hangingUp ? <Spinner /> : <PhoneOff aria-hidden />}
            Hang up
          </Button>
        )}
      </div>
      <p className="text-muted-foreground text-sm">
        <span className="tabular-nums">{friendlyPhoneNumber(call.from)}</span>
        <ArrowRight aria-label="to" className="mx-1.5 inline size-3.5 align-[-0.125em]" />
        <span className="tabular-nums">{friendlyPhoneNumber(call.to)}</span>
        {call.aiEmployee ? <> · {call.aiEmployee.name} talks</> : null}
        {call.isTest ? <> · test call</> : null}
      </p>
      {ended ? (
        <p className="text-sm" data-testid="call-ended">
          The call ended{call.durationSeconds !== null ? ` after ${formatCallDuration(call.durationSeconds)}` : ""}.
        </p>
      ) : null}
      <FollowLatest turns={call.turns.length} waiting={pending !== null}>
        <CallTranscript
          turns={call.turns}
          callerName={call.customer?.name ?? null}
          aiName={aiName}
          pendingText={pending && !stored(call, pending) ? pending : null}
          answering={pending !== null}
          live
        />
      </FollowLatest>
      {call.isTest && call.status === "in_progress" ? (
        <SayBox
          companyId={companyId}
          callId={call.id}
          onSending={setPending}
          onAnswered={(detail) => queryClient.setQueryData(phonesKeys.call(companyId, callId), detail)}
        />
      ) : null}
    </section>
  );
}

/** The typed words are in the transcript already (a poll answered before the say call did). */
function stored(call: CallDetail, text: string) {
  const last = call.turns.at(-1);
  return last?.speaker === "caller" && last.text === text;
}

/** The transcript's box, kept scrolled to its newest turn as turns arrive. */
function FollowLatest({ turns, waiting, children }: { turns: number; waiting: boolean; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the transcript grows
  useEffect(() => {
    const element = box.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [turns, waiting]);
  return (
    <div
      ref={box}
      // A scrolling region must be reachable by keyboard to be scrolled (axe: scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className="max-h-[28rem] min-h-24 overflow-y-auto rounded-lg border bg-muted/20 p-3 outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}

/** The list row's fields of a call answer (hang up answers the call without its transcript). */
function pickCall(call: Call): Partial<CallDetail> {
  const { id, status, durationSeconds, answeredAt, endedAt, outcome } = call;
  return { id, status, durationSeconds, answeredAt, endedAt, outcome };
}

type SayBoxProps = {
  companyId: string;
  callId: string;
  /** The words on their way (shown in the transcript until stored), or null once answered. */
  onSending: (text: string | null) => void;
  onAnswered: (call: CallDetail) => void;
};

/** On a test call: what the caller says, typed; Enter sends it, and the AI employee answers on the call. */
function SayBox({ companyId, callId, onSending, onAnswered }: SayBoxProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // The test call is answered: the staff member speaks first, as the caller.
  useEffect(() => input.current?.focus({ preventScroll: true }), []);

  async function send(event: FormEvent) {
    event.preventDefault();
    const parsed = sayOnTestCallSchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Type what the caller says");
      return;
    }
    setError(null);
    setSending(true);
    onSending(parsed.data.text);
    try {
      const detail = await sayOnTestCall(companyId, callId, parsed.data.text);
      onAnswered(detail);
      // Sent: the box is ready for the caller's next words.
      setText("");
    } catch (failure) {
      // The words stay in the box, to send again.
      setError(describeError(failure));
    } finally {
      onSending(null);
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={send} className="grid gap-1.5">
      <label htmlFor={id} className="font-medium text-sm">
        What the caller says
      </label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          value={text}
          maxLength={1000}
          autoComplete="off"
          placeholder="Hi, where is my order?"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          readOnly={sending}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" disabled={sending}>
          {sending ? <Spinner /> : <SendHorizontal aria-hidden />}
          Send
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          Press Enter to send. The AI employee hears it as speech and answers on the call.
        </p>
      )}
    </form>
  );
}
