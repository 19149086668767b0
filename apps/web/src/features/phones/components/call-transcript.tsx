import { type CallTurn, displayTimeZone } from "@foreman/contract";
import { Bot } from "lucide-react";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/utils.ts";

// A call turn by turn, as the conversation thread draws messages: the caller on the left, the AI
// employee on the right in a tinted bubble (with how long its answer took), the call's own events
// (recording notice, transfer) as a line in the middle.

const BUBBLE = "max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed shadow-xs sm:max-w-[75%]";
const TEXT = "whitespace-pre-wrap break-words [overflow-wrap:anywhere]";

/** Below this, a caller's recognised words are marked as uncertain. */
const LOW_CONFIDENCE = 0.8;

const timeOf = (iso: string) =>
  Number.isFinite(Date.parse(iso))
    ? new Date(iso).toLocaleTimeString("en-US", {
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        // The company's zone, like every time on the screens.
        timeZone: displayTimeZone(),
      })
    : "";

/** "answered in 0.4 s", "answered in 2 s". */
export function answerTime(ms: number): string {
  const seconds = ms / 1000;
  return `answered in ${seconds < 10 ? String(Math.round(seconds * 10) / 10) : String(Math.round(seconds))} s`;
}

type CallTranscriptProps = {
  turns: readonly CallTurn[];
  /** The customer's name, when the caller is known. */
  callerName: string | null;
  /** The AI employee's name. */
  aiName: string;
  /** Words typed for the caller that the server has not stored yet (a test call). */
  pendingText?: string | null;
  /** The AI employee is working out its answer. */
  answering?: boolean;
  /** Live: new turns are announced to screen readers as they arrive. */
  live?: boolean;
  className?: string;
};

export function CallTranscript({
  turns,
  callerName,
  aiName,
  pendingText,
  answering = false,
  live = false,
  className,
}: CallTranscriptProps) {
  const waiting = Boolean(pendingText) || answering;
  if (turns.length === 0 && !waiting)
    return <p className={cn("text-muted-foreground text-sm", className)}>Nothing has been said yet.</p>;
  const list = (
    <ol
      aria-label={live ? undefined : "Transcript"}
      className={cn("flex flex-col gap-3", className)}
      data-testid="call-transcript"
    >
      {turns.map((turn) => (
        <TurnRow key={turn.seq} turn={turn} callerName={callerName} aiName={aiName} />
      ))}
      {pendingText ? (
        <li className="flex flex-col items-start gap-1" data-speaker="caller" data-pending="true">
          <p className="px-1 text-muted-foreground text-xs">{callerName ?? "Caller"}</p>
          <div className={cn(BUBBLE, "rounded-tl-md bg-muted opacity-70")}>
            <p className={TEXT}>{pendingText}</p>
          </div>
        </li>
      ) : null}
      {answering ? (
        <li className="flex flex-col items-end gap-1" data-testid="call-answering">
          <p className="inline-flex items-center gap-2 rounded-2xl rounded-tr-md border border-dashed px-3.5 py-2 text-muted-foreground text-sm">
            <Spinner className="size-3.5" />
            {aiName} is answering…
          </p>
        </li>
      ) : null}
    </ol>
  );
  // Live, new turns are read out as they arrive (a log announces what is added to it).
  return live ? (
    <div role="log" aria-label="Transcript">
      {list}
    </div>
  ) : (
    list
  );
}

function TurnRow({ turn, callerName, aiName }: { turn: CallTurn; callerName: string | null; aiName: string }) {
  const time = timeOf(turn.at);
  if (turn.speaker === "system")
    return (
      <li className="self-center px-2 text-center text-muted-foreground text-xs" data-speaker="system">
        {turn.text}
        {time ? <span className="ml-1.5 tabular-nums">· {time}</span> : null}
      </li>
    );
  const ai = turn.speaker === "ai";
  return (
    <li
      className={cn("flex flex-col gap-1", ai ? "items-end" : "items-start")}
      data-testid="call-turn"
      data-speaker={turn.speaker}
    >
      <p className="flex flex-wrap items-baseline gap-x-1.5 px-1 text-xs">
        {ai ? <Bot aria-hidden className="size-3.5 self-center text-primary" /> : null}
        <span className="font-medium">{ai ? aiName : (callerName ?? "Caller")}</span>
        {ai || callerName ? <span className="text-muted-foreground">{ai ? "AI employee" : "Caller"}</span> : null}
        {time ? (
          <time dateTime={turn.at} className="text-muted-foreground tabular-nums">
            {time}
          </time>
        ) : null}
      </p>
      <div
        className={cn(
          BUBBLE,
          ai ? "rounded-tr-md border border-primary/15 bg-primary/8 dark:bg-primary/15" : "rounded-tl-md bg-muted",
        )}
      >
        <p className={TEXT}>{turn.text}</p>
      </div>
      {ai && turn.answerMs !== null ? (
        <p className="px-1 text-muted-foreground text-xs tabular-nums" data-testid="answer-time">
          {answerTime(turn.answerMs)}
        </p>
      ) : null}
      {/* Only when the recogniser was unsure: the words may not be what the caller said. */}
      {!ai && turn.confidence !== null && turn.confidence < LOW_CONFIDENCE ? (
        <p className="px-1 text-muted-foreground text-xs tabular-nums">
          Heard with {Math.round(turn.confidence * 100)}% confidence: the words may differ
        </p>
      ) : null}
    </li>
  );
}
