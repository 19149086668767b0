// The built-in engine's reply time, started by `npm run bench -- engine` (scripts/bench/engine.mjs):
// every conversation of the set (evals/conversations) replayed through the built-in provider's
// complete() with no database: the messages the agent loop would send (system prompt, the customer's
// data, the history, the new message and the tool results so far), the tools answered in memory from
// the demo catalog (engine-desk.ts), and the knowledge passages the runtime would hand over (looked up
// once per message in the warm-up pass on an in-memory PGlite, engine-passages.ts, then remembered).
// Each complete() call is timed, and each reply (all the calls of one customer message); beside each
// call, JSON.parse(JSON.stringify()) of the same request as a baseline this machine's noise moves alike.
// One warm-up pass, then `--rounds` timed passes. Prints one JSON line with every timing (ms).
//
//   node --import tsx apps/server/src/bench/engine-bench.ts [--rounds 3] [--only id-part]
import { parseArgs } from "node:util";
import { AGENT_TOOL_NAMES } from "@foreman/contract";
import { CONVERSATIONS } from "#server/evals/conversations/index.ts";
import {
  DEMO_DESKS,
  DEMO_MAX_DISCOUNT_PERCENT,
  type DemoCatalog,
  demoCatalogProducts,
  demoCurrency,
} from "#server/evals/demo-catalog-desk.ts";
import type { EvalCompany, EvalWorld, Facts, Scenario, SetupContext } from "#server/evals/scenario.ts";
import { STEP_CAP_REPLY } from "#server/modules/agents/agent-loop.ts";
import { type AgentContext, HISTORY_MESSAGES } from "#server/modules/agents/context.ts";
import {
  type ChatMessage,
  type ModelRequest,
  type TurnHints,
  toolResultMessage,
} from "#server/modules/agents/model-provider.ts";
import { BuiltinProvider } from "#server/modules/agents/providers/builtin-provider.ts";
import { conversationDataMessage, systemPrompt } from "#server/modules/agents/system-prompt.ts";
import { toolDefinitionsFor } from "#server/modules/agents/tools/registry.ts";
import { DESK_CUSTOMER, type DeskSpec, MemoryDesk } from "./engine-desk.ts";
import { openDemoKnowledge } from "./engine-passages.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, only: { type: "string" } },
});
const rounds = Math.max(1, Number(values.rounds) || 3);
/** The app's default AGENT_MAX_STEPS: model calls per reply before staff take over. */
const MAX_STEPS = 6;

const provider = new BuiltinProvider();
const tools = toolDefinitionsFor(AGENT_TOOL_NAMES);

type Timings = {
  callMs: number[];
  replyMs: number[];
  baselineCallMs: number[];
  baselineReplyMs: number[];
  stepCaps: number;
};

const specs: Record<DemoCatalog, DeskSpec> = {
  northwind: deskSpec("northwind"),
  andes: deskSpec("andes"),
};
const knowledge = await openDemoKnowledge([DEMO_DESKS.northwind.demoName, DEMO_DESKS.andes.demoName]);

function deskSpec(demo: DemoCatalog): DeskSpec {
  const spec = DEMO_DESKS[demo];
  return {
    companyName: spec.demoName,
    employeeName: spec.employeeName,
    languages: spec.languages,
    currency: demoCurrency(demo),
    catalog: demoCatalogProducts(demo),
    maxDiscountPercent: DEMO_MAX_DISCOUNT_PERCENT,
    maxOrderTotalCents: spec.maxOrderTotal * 100,
  };
}

/** What the agent loop knows of the run, as loadAgentContext would read it. */
function contextOf(
  desk: MemoryDesk,
  customerName: string,
  content: string,
  passages: TurnHints["passages"],
): AgentContext {
  const { spec } = desk;
  return {
    companyId: "bench",
    company: {
      name: spec.companyName,
      currency: spec.currency,
      timeZone: "UTC",
      businessHours: null,
      answerLanguages: spec.languages,
    },
    employee: {
      id: "bench-employee",
      name: spec.employeeName,
      role: "Sales agent",
      departmentId: "bench-sales",
      active: true,
      persona: "",
      instructions: "",
      languages: spec.languages,
      maxDiscountPercent: spec.maxDiscountPercent,
      maxOrderTotalCents: spec.maxOrderTotalCents,
      actionsRequiringHuman: [],
      skills: [],
      tools: [...AGENT_TOOL_NAMES],
    },
    conversation: { id: "bench", displayId: 1, channel: "web_chat", status: "open", handledBy: "ai", isTest: false },
    customer: { id: "bench-customer", fullName: customerName, email: "customer@example.com", phone: null },
    lead: null,
    openQuote: desk.openQuote,
    inbound: { id: "bench-message", content, createdAt: new Date() },
    history: [],
    passages: passages.map((passage) => ({ entryId: "bench", ...passage })),
  };
}

/**
 * The setup's customers and orders go to the desk, and it may name the demo companies; anything else it
 * asks of the world is out of reach without a database (the conversation is then left out).
 */
function setupContext(desk: MemoryDesk, scenario: Scenario, customerName: string): SetupContext {
  const companies: Partial<EvalWorld> = {
    northwind: { companyId: "northwind" } as EvalCompany,
    andes: { companyId: "andes" } as EvalCompany,
  };
  const world = new Proxy(companies as EvalWorld, {
    get(target, key) {
      if (key === "northwind" || key === "andes") return target[key];
      throw new Error("the engine bench has no database");
    },
  });
  const externalId = `bench-${scenario.id}`;
  return {
    world,
    externalId,
    customerName,
    key: `bench-${scenario.id}`,
    customerFor: async (id) => (id === externalId ? DESK_CUSTOMER : `other-${id}`),
    insertOrder: async (order) => desk.insertOrder(order),
  };
}

/** Replays one conversation; false when its setup needs more than the bench has. */
async function replay(scenario: Scenario, timings: Timings | null): Promise<boolean> {
  const company = scenario.company;
  if (company !== "northwind" && company !== "andes") return false;
  const desk = new MemoryDesk(specs[company]);
  const customerName = scenario.customerName ?? (scenario.language === "es" ? "Lucía Fernández" : "Grace Hopper");
  let facts: Facts = {};
  if (scenario.setup) {
    try {
      const setup = await scenario.setup(setupContext(desk, scenario, customerName));
      if (setup.channelToken) return false; // another employee's guardrails: not this desk's
      facts = setup.facts ?? {};
    } catch {
      return false;
    }
  }
  const history: ChatMessage[] = [];
  for (const turn of scenario.turns) {
    if (typeof turn === "object") {
      const said = desk.resolve(turn, scenario.language);
      if (said) history.push({ role: "assistant", content: said });
      continue;
    }
    const content = typeof turn === "string" ? turn : turn(facts);
    // Handed to staff: the AI employee no longer answers.
    if (desk.handedOff) {
      history.push({ role: "user", content });
      continue;
    }
    const passages = await knowledge.passages(DEMO_DESKS[company].demoName, content);
    const context = contextOf(desk, customerName, content, passages);
    const data = conversationDataMessage(context);
    const messages: ChatMessage[] = [
      { role: "system", content: systemPrompt(context) },
      ...(data ? [{ role: "user" as const, content: data }] : []),
      ...history.slice(-HISTORY_MESSAGES),
      { role: "user", content },
    ];
    let text: string | null = null;
    let replyMs = 0;
    let baselineMs = 0;
    // As the agent loop does: the facts as the turn began; what changes during it is in the tool results.
    const hints = hintsOf(desk, customerName, passages);
    for (let step = 0; step < MAX_STEPS && text === null; step++) {
      const request: ModelRequest = { messages, tools, hints };
      const started = performance.now();
      const answer = await provider.complete(request);
      const elapsed = performance.now() - started;
      const baselineStarted = performance.now();
      JSON.parse(JSON.stringify(request));
      const baseline = performance.now() - baselineStarted;
      replyMs += elapsed;
      baselineMs += baseline;
      timings?.callMs.push(elapsed);
      timings?.baselineCallMs.push(baseline);
      if (answer.toolCalls.length === 0) {
        text = answer.content?.trim() || null;
        break;
      }
      messages.push({ role: "assistant", content: answer.content, toolCalls: answer.toolCalls });
      for (const call of answer.toolCalls) {
        const outcome = desk.run(call);
        messages.push(toolResultMessage(call, outcome));
      }
    }
    timings?.replyMs.push(replyMs);
    timings?.baselineReplyMs.push(baselineMs);
    if (text === null) {
      if (timings) timings.stepCaps++;
      desk.handedOff = true;
      text = STEP_CAP_REPLY;
    }
    history.push({ role: "user", content }, { role: "assistant", content: text });
  }
  return true;
}

function hintsOf(desk: MemoryDesk, customerName: string, passages: TurnHints["passages"]): TurnHints {
  const { spec } = desk;
  return {
    employeeName: spec.employeeName,
    companyName: spec.companyName,
    customerName,
    languages: spec.languages,
    maxDiscountPercent: spec.maxDiscountPercent,
    openQuote: desk.openQuoteHint(),
    passages,
  };
}

const conversations = CONVERSATIONS.filter((c) => !values.only || c.id.includes(values.only));
const skipped = new Set<string>();
const timings: Timings = { callMs: [], replyMs: [], baselineCallMs: [], baselineReplyMs: [], stepCaps: 0 };
try {
  // Warm-up: the JIT and the passages, as on a server that has been answering for a while.
  for (const conversation of conversations) if (!(await replay(conversation, null))) skipped.add(conversation.id);
  for (let round = 0; round < rounds; round++)
    for (const conversation of conversations) if (!skipped.has(conversation.id)) await replay(conversation, timings);
} finally {
  await knowledge.close();
}

const rounded = (list: number[]) => list.map((ms) => Math.round(ms * 1000) / 1000);
process.stdout.write(
  `${JSON.stringify({
    conversations: conversations.length - skipped.size,
    skipped: [...skipped],
    rounds,
    stepCaps: timings.stepCaps,
    callMs: rounded(timings.callMs),
    replyMs: rounded(timings.replyMs),
    baselineCallMs: rounded(timings.baselineCallMs),
    baselineReplyMs: rounded(timings.baselineReplyMs),
  })}\n`,
);
