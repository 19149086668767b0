import { sql } from "drizzle-orm";
import {
  type EvalCompany,
  type EvalWorld,
  type FinalState,
  nothingHappened,
  type OrderLine,
  type QuoteState,
  type Scenario,
  type SetupContext,
  type SetupResult,
  type StaffAction,
  type TaskState,
  type TicketState,
} from "./scenario.ts";

// Runs one scenario once: a fresh customer, the setup, each customer turn through the channel API
// (waiting for every job to finish before the next), staff's actions through the HTTP API, then the
// goal on the final database state.

export type ScenarioResult = {
  id: string;
  trial: number;
  passed: boolean;
  failures: string[];
  replies: string[];
  /** The conversation as it went: "customer: …", "staff: …", "ai: …". */
  transcript: string[];
  ms: number;
};

/** Failed results with their failures and transcripts, as a test's message shows them. */
export const describeFailures = (results: ScenarioResult[]) =>
  results
    .map(
      (r) =>
        `✗ ${r.id}\n${r.failures.map((f) => `    - ${f}`).join("\n")}\n    transcript:\n${r.transcript.map((line) => `      ${line}`).join("\n")}`,
    )
    .join("\n");

export type RunOptions = {
  /** Which trial this is (part of the customer's external id, so trials never share a customer). */
  trial?: number;
  /** Told apart from other runs on the same database (the CLI's runs are each on a fresh one). */
  tag?: string;
  /**
   * How long to wait for a reply whose run is queued for a retry (a model that failed for now: the job
   * runs again 1 s, 2 s, 4 s… later). Never happens on the built-in engine.
   */
  retryWaitMs?: number;
};

export async function runScenario(
  world: EvalWorld,
  scenario: Scenario,
  options: RunOptions = {},
): Promise<ScenarioResult> {
  const started = performance.now();
  const trial = options.trial ?? 1;
  const key = `${options.tag ? `${options.tag}-` : ""}${scenario.id}-${trial}`;
  const externalId = `eval-${key}`;
  const customerName = scenario.customerName ?? (scenario.language === "es" ? "Lucía Fernández" : "Grace Hopper");
  const failures: string[] = [];
  const transcript: string[] = [];
  let conversationId: string | null = null;
  let final: FinalState | null = null;
  try {
    const setup: SetupResult = scenario.setup
      ? await scenario.setup(setupContext(world, { externalId, customerName, key }, companyOf(world, scenario)))
      : {};
    const company = companyOf(world, scenario);
    const token = setup.channelToken ?? company.channel.token;
    const staffHeaders = setup.staffHeaders ?? company.headers;
    let turn = 0;
    for (const step of scenario.turns) {
      turn++;
      if (typeof step !== "object") {
        const content = typeof step === "string" ? step : step(setup.facts ?? {});
        transcript.push(`customer: ${content}`);
        const response = await world.send(token, {
          message_id: `${key}-t${turn}`,
          customer: { external_id: externalId, name: customerName, email: `${externalId}@example.com` },
          source: "eval",
          content,
        });
        if (response.statusCode !== 202) {
          failures.push(`turn ${turn}: the channel API answered ${response.statusCode} ${response.body}`);
          break;
        }
        conversationId ??= (response.json() as { conversation_id: string }).conversation_id;
      } else {
        transcript.push(`staff: ${describeStaff(step)}`);
        if (!conversationId) {
          failures.push(`turn ${turn}: a staff action before any customer message`);
          break;
        }
        const problem = await resolveActionItem(world, staffHeaders, conversationId, step);
        if (problem) failures.push(`turn ${turn} (staff ${step.staff}): ${problem}`);
      }
      if (conversationId) {
        const stuck = await settleConversation(world, conversationId, options.retryWaitMs ?? 60_000);
        if (stuck) failures.push(`turn ${turn}: a reply is still queued for another attempt (${stuck})`);
      } else await world.settle();
      if (conversationId) transcript.push(...(await newAiMessages(world, conversationId, transcript)));
    }
    final = await finalState(world, scenario, conversationId, setup);
    failures.push(...scenario.goal(final));
  } catch (error) {
    failures.push(`the run threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  return {
    id: scenario.id,
    trial,
    passed: failures.length === 0,
    failures,
    replies: final?.replies ?? [],
    transcript,
    ms: Math.round(performance.now() - started),
  };
}

/** The company the scenario's customer writes to. */
function companyOf(world: EvalWorld, scenario: Scenario): EvalCompany {
  const company = world[scenario.company ?? "a"];
  if (!company) throw new Error(`This world has no ${scenario.company} company for ${scenario.id}`);
  return company;
}

/**
 * Every job due has run, and no reply in this conversation is still queued for a later attempt (or
 * the wait is over: the goal then sees the conversation without that reply).
 */
async function settleConversation(
  world: EvalWorld,
  conversationId: string,
  retryWaitMs: number,
): Promise<string | null> {
  const until = Date.now() + retryWaitMs;
  for (;;) {
    await world.settle();
    const [pending] = await world.rows<{ last_error: string | null }>(
      sql`select j.last_error from jobs j join messages m on m.id = j.subject_id
          where j.kind = 'agent_reply' and j.state in ('queued', 'running') and m.conversation_id = ${conversationId}
          limit 1`,
    );
    if (!pending) return null;
    if (Date.now() >= until) return pending.last_error ?? "no error recorded";
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function describeStaff(step: StaffAction): string {
  if (step.staff === "answer") return `answers "${step.answer}"`;
  return step.staff === "authorize" ? "authorizes" : "leaves it pending";
}

/** AI messages of the conversation not yet in the transcript. */
async function newAiMessages(world: EvalWorld, conversationId: string, transcript: string[]): Promise<string[]> {
  const rows = await world.rows<{ content: string }>(
    sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai' order by created_at, id`,
  );
  const seen = transcript.filter((line) => line.startsWith("ai: ")).length;
  return rows.slice(seen).map((row) => `ai: ${row.content}`);
}

/** Staff resolve the conversation's newest open action item of the kind the action fits; answers a problem. */
async function resolveActionItem(
  world: EvalWorld,
  headers: Record<string, string>,
  conversationId: string,
  step: StaffAction,
): Promise<string | null> {
  const actionType = step.staff === "answer" ? "question" : "authorize";
  const [task] = await world.rows<{ id: string }>(
    sql`select id from tasks where conversation_id = ${conversationId} and action_type = ${actionType} and state = 'to_do'
        order by created_at desc, id desc limit 1`,
  );
  if (!task) return `there is no open ${actionType} action item to resolve`;
  const payload =
    step.staff === "answer"
      ? { answer: step.answer }
      : {
          decision: step.staff === "authorize" ? "authorized" : "left_pending",
          ...(step.note ? { answer: step.note } : {}),
        };
  const response = await world.t.app.inject({
    method: "POST",
    url: `/app/tasks/${task.id}/resolution.json`,
    headers,
    payload,
  });
  return response.statusCode === 200
    ? null
    : `resolving the action item answered ${response.statusCode} ${response.body}`;
}

function setupContext(
  world: EvalWorld,
  trial: { externalId: string; customerName: string; key: string },
  scenarioCompany: EvalCompany,
): SetupContext {
  const customerFor = async (externalId: string, name: string, company: EvalCompany = scenarioCompany) => {
    const [known] = await world.rows<{ customer_id: string }>(
      sql`select customer_id from channel_contacts where api_channel_id = ${company.channel.id} and external_id = ${externalId}`,
    );
    if (known) return known.customer_id;
    const [customer] = await world.rows<{ id: string }>(
      sql`insert into customers (company_id, full_name, email) values (${company.companyId}, ${name}, ${`${externalId}@example.com`}) returning id`,
    );
    await world.rows(
      sql`insert into channel_contacts (company_id, api_channel_id, external_id, customer_id)
          values (${company.companyId}, ${company.channel.id}, ${externalId}, ${customer!.id})`,
    );
    return customer!.id;
  };
  return {
    world,
    ...trial,
    customerFor,
    insertOrder: (order) => insertOrder(world, order),
  };
}

/** An order with catalog prices, numbered under the same per-company lock as the quote tools use. */
async function insertOrder(
  world: EvalWorld,
  order: { companyId: string; customerId: string | null; state: string; lines: OrderLine[]; createdAt?: Date },
): Promise<{ id: string; number: number; totalCents: number }> {
  return world.t.db.transaction(async (tx) => {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
    const lines = await Promise.all(
      order.lines.map(async (line) => {
        const [product] = await rows<{
          id: string;
          sku: string;
          name: string;
          measure_unit: string;
          unit_price_cents: number;
        }>(
          sql`select id, sku, name, measure_unit, unit_price_cents from products where company_id = ${order.companyId} and sku = ${line.sku}`,
        );
        if (!product) throw new Error(`setup: ${line.sku} is not in the catalog`);
        return { ...product, quantity: line.quantity, total: product.unit_price_cents * line.quantity };
      }),
    );
    const total = lines.reduce((sum, line) => sum + line.total, 0);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quote-number:${order.companyId}`}))`);
    const [quote] = await rows<{ id: string; number: number }>(
      sql`insert into quotes (company_id, number, state, currency, subtotal_cents, total_cents, customer_id, created_at)
          values (${order.companyId},
                  (select coalesce(max(number), 1000) + 1 from quotes where company_id = ${order.companyId}),
                  ${order.state}, (select currency from companies where id = ${order.companyId}), ${total}, ${total}, ${order.customerId},
                  ${(order.createdAt ?? new Date()).toISOString()}::timestamptz)
          returning id, number`,
    );
    for (const [position, line] of lines.entries())
      await tx.execute(
        sql`insert into line_items (quote_id, product_id, sku, product_name, quantity, measure_unit, unit_price_cents, total_cents, position)
            values (${quote!.id}, ${line.id}, ${line.sku}, ${line.name}, ${line.quantity}, ${line.measure_unit},
                    ${line.unit_price_cents}, ${line.total}, ${position})`,
      );
    return { id: quote!.id, number: Number(quote!.number), totalCents: total };
  });
}

type QuoteRow = {
  id: string;
  number: number;
  state: string;
  subtotal_cents: number;
  discount_percent: number;
  discount_cents: number;
  total_cents: number;
  is_test: boolean;
};

async function quotesWithItems(world: EvalWorld, where: ReturnType<typeof sql>): Promise<QuoteState[]> {
  const quotes = await world.rows<QuoteRow>(
    sql`select id, number, state, subtotal_cents, discount_percent::float as discount_percent, discount_cents,
               total_cents, is_test
        from quotes where ${where} order by created_at, number`,
  );
  if (quotes.length === 0) return [];
  const items = await world.rows<{
    quote_id: string;
    sku: string;
    quantity: number;
    unit_price_cents: number;
    total_cents: number;
  }>(
    sql`select quote_id, sku, quantity::float as quantity, unit_price_cents, total_cents from line_items
        where quote_id in (${sql.join(
          quotes.map((quote) => sql`${quote.id}`),
          sql`, `,
        )}) order by position`,
  );
  return quotes.map((quote) => ({
    id: quote.id,
    number: Number(quote.number),
    state: quote.state,
    subtotalCents: quote.subtotal_cents,
    discountPercent: Number(quote.discount_percent),
    discountCents: quote.discount_cents,
    totalCents: quote.total_cents,
    isTest: quote.is_test,
    items: items
      .filter((item) => item.quote_id === quote.id)
      .map((item) => ({
        sku: item.sku,
        quantity: Number(item.quantity),
        unitPriceCents: item.unit_price_cents,
        totalCents: item.total_cents,
      })),
  }));
}

async function finalState(
  world: EvalWorld,
  scenario: Scenario,
  conversationId: string | null,
  setup: SetupResult,
): Promise<FinalState> {
  const orders: FinalState["orders"] = {};
  for (const [name, id] of Object.entries(setup.orders ?? {}))
    orders[name] = (await quotesWithItems(world, sql`id = ${id}`))[0];
  const prices = Object.fromEntries(
    (
      await world.rows<{ sku: string; unit_price_cents: number }>(
        sql`select sku, unit_price_cents from products where company_id = ${companyOf(world, scenario).companyId}`,
      )
    ).map((row) => [row.sku, row.unit_price_cents]),
  );
  const base = { language: scenario.language, facts: setup.facts ?? {}, orders, prices };
  if (!conversationId) return { ...nothingHappened(scenario.language, prices), ...base };
  const [conversation] = await world.rows<{ id: string; handled_by: string; status: string }>(
    sql`select id, handled_by, status from conversations where id = ${conversationId}`,
  );
  const tasks = await world.rows<{
    id: string;
    action_type: TaskState["actionType"];
    state: string;
    decision: string | null;
    quote_id: string | null;
    request: Record<string, unknown> | null;
    source_message_id: string | null;
  }>(
    sql`select id, action_type, state, decision, quote_id, request, source_message_id from tasks
        where conversation_id = ${conversationId} order by created_at, id`,
  );
  const runs = await world.rows<{ outcome: string; steps: { kind: string; tool?: string }[] }>(
    sql`select outcome, steps from agent_runs where conversation_id = ${conversationId} order by started_at, id`,
  );
  const replies = (
    await world.rows<{ content: string }>(
      sql`select content from messages where conversation_id = ${conversationId} and sender_type = 'ai' order by created_at, id`,
    )
  ).map((row) => row.content);
  return {
    ...base,
    conversation: conversation
      ? { id: conversation.id, handledBy: conversation.handled_by, status: conversation.status }
      : null,
    quotes: await quotesWithItems(world, sql`conversation_id = ${conversationId}`),
    tasks: tasks.map((task) => ({
      id: task.id,
      actionType: task.action_type,
      state: task.state,
      decision: task.decision,
      quoteId: task.quote_id,
      request: task.request,
      sourceMessageId: task.source_message_id,
    })),
    toolCalls: runs.flatMap((run) =>
      run.steps.flatMap((step) => (step.kind === "tool_call" && step.tool ? [step.tool] : [])),
    ),
    runOutcomes: runs.map((run) => run.outcome),
    replies,
    lastReply: replies.at(-1) ?? "",
    tickets: await ticketsOf(world, conversationId),
  };
}

/** The tickets of the conversation's customer, with their activity's kinds. */
async function ticketsOf(world: EvalWorld, conversationId: string): Promise<TicketState[]> {
  const tickets = await world.rows<{
    id: string;
    number: number;
    status: string;
    priority: string;
    type: string;
    order_number: number | null;
    conversation_id: string | null;
  }>(
    sql`select t.id, t.number, t.status, t.priority, t.type, q.number as order_number, t.conversation_id
        from tickets t left join quotes q on q.id = t.order_id
        where t.customer_id = (select customer_id from conversations where id = ${conversationId})
        order by t.number`,
  );
  const result: TicketState[] = [];
  for (const ticket of tickets) {
    const activity = await world.rows<{ kind: string }>(
      sql`select kind from activities where subject_type = 'ticket' and subject_id = ${ticket.id} order by created_at, id`,
    );
    result.push({
      number: Number(ticket.number),
      status: ticket.status,
      priority: ticket.priority,
      type: ticket.type,
      orderNumber: ticket.order_number === null ? null : Number(ticket.order_number),
      fromConversation: ticket.conversation_id === conversationId,
      activity: activity.map((row) => row.kind),
    });
  }
  return result;
}
