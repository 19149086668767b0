import type { ActionType, LeadStage, SenderType, TaskDecision } from "@foreman/contract";
import type {
  ConversationScript,
  EscalationScript,
  NeedScript,
  QuoteFacts,
  ScriptContext,
  StaffFacts,
} from "./conversation-scripts.ts";
import type { TimedStep } from "./message-timeline.ts";

// One seeded conversation's exchange, step by step, following its lead's stage: who says what, how long
// after the previous message, with which attachment. seed-conversations.ts turns the steps into rows.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Stages whose lead has a quote to talk about (when it has one). */
export const QUOTED_STAGES: readonly LeadStage[] = ["quoted", "following_up", "won", "lost"];

export type Step = TimedStep & {
  sender: SenderType;
  text: string;
  attachment?: { kind: "photo" | "quote" };
  /** The AI telling the customer it will check (the task is created right after), relaying staff's answer, or staff taking over. */
  mark?: "hold" | "relay" | "staff";
};

/** Something the AI could not settle alone and asked staff about. */
export type Escalation = {
  actionType: ActionType;
  state: "to_do" | "done";
  script: EscalationScript;
  decision: TaskDecision | null;
  answer: string;
};

export type ExchangeInput = {
  script: ConversationScript;
  ctx: ScriptContext;
  need: NeedScript;
  stage: LeadStage;
  facts: QuoteFacts | null;
  /** The lead's quote: when it was made and completed (ms). */
  quote: { createdAt: number; completedAt: number | null } | null;
  escalation: Escalation | undefined;
  staff: StaffFacts | undefined;
  firstContact: boolean;
  /** Uniform draws in [0, 1): 16 for gaps, 8 for chances. */
  gaps: readonly number[];
  chances: readonly number[];
  now: number;
};

/**
 * The messages of one conversation: opener, qualifying, then by stage the quote, follow-up, order or
 * refusal. An answered escalation sits where it happened (questions before the quote, authorizations
 * after it); an open one ends the conversation, recently; staff taking over comes last.
 */
export function exchangeSteps(input: ExchangeInput): Step[] {
  const { script, ctx, need, stage, facts, quote, escalation } = input;
  const gap = (index: number, min: number, max: number) => min + Math.round(input.gaps[index]! * (max - min));
  const chance = (index: number, p: number) => input.chances[index]! < p;

  // The stage's exchange.
  const photo = chance(0, 0.08);
  const steps: Step[] = [
    { sender: "customer", text: need.opener(ctx), gap: 0 },
    {
      sender: "ai",
      text: script.greet(ctx, need.qualify(ctx), input.firstContact),
      gap: gap(0, 20 * SECOND, 2 * MINUTE),
    },
    {
      sender: "customer",
      text: [facts ? script.detailsFromItems(ctx) : need.details(ctx), photo ? script.photoAttached : ""]
        .join(" ")
        .trim(),
      gap: gap(1, 5 * MINUTE, 5 * HOUR),
      attachment: photo ? { kind: "photo" } : undefined,
    },
  ];
  const escalationSteps = (kind: "question" | "authorize", from: number): Step[] => {
    if (!escalation || escalation.actionType !== kind) return [];
    const q = facts ?? { number: "", total: "", discounted: "", items: "" };
    const list: Step[] = [
      { sender: "customer", text: escalation.script.customerAsks(ctx, q), gap: gap(from, 10 * MINUTE, 6 * HOUR) },
      {
        sender: "ai",
        text: escalation.script.aiHolds(ctx),
        gap: gap(from + 1, 20 * SECOND, 90 * SECOND),
        mark: "hold",
      },
    ];
    if (escalation.state === "done") {
      const relay =
        escalation.decision === "left_pending" ? script.pendingRelay(ctx, q) : escalation.script.relay(ctx, q);
      list.push({ sender: "ai", text: relay, gap: gap(from + 2, 20 * MINUTE, 5 * HOUR), mark: "relay" });
    }
    return list;
  };
  const doneEscalation = escalation?.state === "done";
  if (doneEscalation) steps.push(...escalationSteps("question", 10));

  const quoted = facts && QUOTED_STAGES.includes(stage);
  if (stage === "new") {
    if (!chance(1, 0.3))
      steps.push({ sender: "ai", text: script.askTiming(ctx), gap: gap(2, 20 * SECOND, 2 * MINUTE) });
  } else if (stage === "lost" && !quoted) {
    steps.push(
      { sender: "customer", text: script.declineBeforeQuote(ctx), gap: gap(2, 2 * HOUR, 4 * DAY) },
      { sender: "ai", text: script.declineAck(ctx), gap: gap(3, 20 * SECOND, 2 * MINUTE) },
    );
  } else {
    steps.push({ sender: "ai", text: script.qualified(ctx), gap: gap(2, 20 * SECOND, 2 * MINUTE) });
    if (!quoted && chance(1, 0.5)) {
      steps.push({ sender: "customer", text: script.customerThanks(ctx), gap: gap(3, MINUTE, 20 * MINUTE) });
    }
  }
  if (quoted && facts && quote) {
    steps.push({
      sender: "ai",
      text: script.quote(ctx, facts),
      gap: gap(4, 30 * MINUTE, 3 * HOUR),
      notBefore: quote.createdAt,
      attachment: chance(2, 0.25) ? { kind: "quote" } : undefined,
    });
    if (doneEscalation) steps.push(...escalationSteps("authorize", 10));
    if (stage === "quoted") {
      if (chance(3, 0.6))
        steps.push({ sender: "customer", text: script.quoteReceived(ctx), gap: gap(5, 5 * MINUTE, 8 * HOUR) });
    } else if (stage === "following_up") {
      steps.push(
        { sender: "customer", text: script.reviewing(ctx), gap: gap(5, 20 * MINUTE, 8 * HOUR) },
        { sender: "ai", text: script.followUp(ctx, facts), gap: gap(6, 2 * DAY, 3 * DAY) },
        { sender: "customer", text: script.stillComparing(ctx), gap: gap(7, 30 * MINUTE, 10 * HOUR) },
      );
    } else if (stage === "won") {
      const completed = quote.completedAt !== null ? quote.completedAt - gap(5, 10 * MINUTE, 2 * HOUR) : 0;
      steps.push(
        { sender: "customer", text: script.accept(ctx, facts), gap: gap(6, 2 * HOUR, 2 * DAY), notBefore: completed },
        { sender: "ai", text: script.confirmOrder(ctx, facts), gap: gap(7, 20 * SECOND, 2 * MINUTE) },
      );
      if (chance(3, 0.4))
        steps.push({ sender: "customer", text: script.deliveryThanks(ctx), gap: gap(8, 2 * MINUTE, 30 * MINUTE) });
    } else if (stage === "lost") {
      steps.push(
        { sender: "customer", text: script.declineAfterQuote(ctx), gap: gap(6, 1 * DAY, 5 * DAY) },
        { sender: "ai", text: script.declineAck(ctx), gap: gap(7, 20 * SECOND, 2 * MINUTE) },
      );
    }
  }
  if (escalation?.state === "to_do") {
    const block = escalationSteps(escalation.actionType, 10);
    // Escalated recently: the customer asked within the last day.
    block[0]!.notBefore = input.now - gap(12, 30 * MINUTE, 20 * HOUR);
    steps.push(...block);
  }
  if (input.staff) {
    const s = input.staff;
    steps.push({
      sender: "staff",
      text: script.staffTakeOver(ctx, s),
      gap: gap(13, 10 * MINUTE, 4 * HOUR),
      mark: "staff",
    });
    if (chance(4, 0.6)) {
      steps.push(
        { sender: "customer", text: script.customerThanksStaff(ctx, s), gap: gap(14, 2 * MINUTE, 30 * MINUTE) },
        {
          sender: "staff",
          text: stage === "won" ? script.staffWrapUpOrder(ctx, s) : script.staffWrapUpQuote(ctx, s),
          gap: gap(15, MINUTE, 5 * MINUTE),
        },
      );
    }
  }
  return steps;
}
