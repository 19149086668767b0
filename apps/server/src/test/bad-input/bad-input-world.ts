import { WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { hashToken } from "#server/modules/auth/index.ts";
import { storedInvoiceId } from "#server/test/billing-setup.ts";
import { insertSampleCall } from "#server/test/calls-setup.ts";
import { apiHeaders, issueTokenFor, signIn } from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
import { insertTicket } from "#server/test/tickets-setup.ts";
import type { Operation } from "./openapi-operations.ts";
import type { BadInputWorld } from "./probes.ts";

// The data the bad requests are aimed at: Alpha's member signed in through /oauth/token, Alpha's
// conversation (with one message carrying a file), quote and tasks, and Bravo as the foreign company.

const MADE_UP_UUID = "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d";
/** A positive integer no chat account or conversation has. */
const MADE_UP_NUMBER = "2000000000";

/**
 * Path parameters (URL text) by name, and by the resource before them for `{id}` and `{somethingId}`
 * (`/skills/{id}/ai_employees/{aiEmployeeId}`). A new name or resource fails until added here.
 */
function pathValues(
  w: TasksWorld,
  file: { id: string; accessKey: string; fileName: string },
  sessionId: string,
  ticketId: string,
  exportId: string,
  invoiceId: string,
  phoneNumberId: string,
  callId: string,
) {
  const ids: Record<string, string> = {
    quotes: w.a.quote.id,
    conversations: w.a.conversation.id,
    tasks: w.a.question,
    ai_employees: w.a.aiEmployee.id,
    ai_departments: w.a.department.id,
    api_channels: w.a.apiChannel.id,
    products: w.a.product.id,
    knowledge_base_entries: w.a.knowledgeEntry.id,
    skills: w.a.skill.id,
    templates: w.a.whatsappTemplate.id,
    website_chats: w.a.websiteChat.id,
    email_channels: w.a.emailChannel.id,
    email_messages: w.a.emailMessage.id,
    sessions: sessionId,
    members: w.a.member.id,
    invitations: w.a.invitation.id,
    tickets: ticketId,
    // /app/tickets/{id}/followers/{userId}: a staff member of the company (who does not follow it).
    followers: w.a.userId,
    data_exports: exportId,
    invoices: invoiceId,
    phone_numbers: phoneNumberId,
    calls: callId,
  };
  return (operation: Operation, name: string): { real: string; missing: string } => {
    switch (name) {
      case "companyId":
        return { real: w.a.companyId, missing: MADE_UP_UUID };
      case "accountId":
        return { real: String(w.a.accountId), missing: MADE_UP_NUMBER };
      case "conversationDisplayId":
        return { real: String(w.a.conversation.displayId), missing: MADE_UP_NUMBER };
      case "accessKey":
        return { real: file.accessKey, missing: "a".repeat(file.accessKey.length) };
      case "fileName":
        return { real: file.fileName, missing: "other.txt" };
      // A company logo's name (/logos/{file}): the world has none, so both name no stored logo.
      case "file":
        return { real: `${"a".repeat(64)}.webp`, missing: `${"0".repeat(64)}.webp` };
      // A help centre article (/app/help/articles/{slug}.json): the articles ship with the product.
      case "slug":
        return { real: "getting-started", missing: "no-such-article" };
    }
    const before = operation.path.slice(0, operation.path.indexOf(`{${name}}`));
    const resource = before.startsWith("/files/") ? "files" : /\/(\w+)\/$/.exec(before)?.[1];
    const real = resource === "files" ? file.id : resource ? ids[resource] : undefined;
    if (!(name === "id" || name.endsWith("Id")) || !real)
      throw new Error(`No sample for {${name}} in ${operation.name}: add one to pathValues`);
    return { real, missing: MADE_UP_UUID };
  };
}

export type BadInputSetup = { w: TasksWorld; world: BadInputWorld };

export async function badInputWorld(): Promise<BadInputSetup> {
  // Thousands of requests from the test: the product's limit stays as it is, this app's is raised.
  const w = await tasksWorld({ env: { RATE_LIMIT_MAX: "1000000" } });
  const { app, db } = w.t;
  const ticket = await insertTicket(db, w.a);
  const [user] = await rows(db, sql`select email from users where id = ${w.a.userId}`);
  const session = await signIn(app, String(user!.email));
  const revoked = (await issueTokenFor(db, w.a.userId)).accessToken;
  const revoke = await app.inject({
    method: "POST",
    url: "/oauth/revoke",
    payload: { token: revoked, client_id: WEB_CLIENT_ID },
  });
  if (revoke.statusCode !== 200) throw new Error(`revoke failed: ${revoke.body}`);
  const expired = await issueTokenFor(db, w.a.userId, new Date(Date.now() - 3 * 60 * 60 * 1000));
  // Alpha's checklist is already hidden: dismissing takes no input, so the requests it accepts (an
  // unknown field, a lenient media type) must be seen to write nothing, like any idempotent write.
  const dismissed = await app.inject({
    method: "POST",
    url: "/app/getting_started/dismiss.json",
    headers: apiHeaders(session.access_token, w.a.companyId),
  });
  if (dismissed.statusCode !== 200) throw new Error(`dismissing the checklist failed: ${dismissed.body}`);

  // A data export of Alpha under way (a row alone: no job runs it): starting another is refused (409)
  // whatever a probe adds, and its id is the exports' sample.
  const [runningExport] = await rows(
    db,
    sql`insert into data_exports (company_id, requested_by, state) values (${w.a.companyId}, ${w.a.userId}, 'running') returning id`,
  );

  // A computed invoice of Alpha (a number held last month), stored by the first read of its invoices,
  // so reading them during the walk stores nothing more.
  const invoiceId = await storedInvoiceId(w.t, w.a.companyId, apiHeaders(session.access_token, w.a.companyId));

  // An active phone number of Alpha (a row alone: nothing is queued for it), for the numbers' paths.
  const [phoneNumber] = await rows(
    db,
    sql`insert into phone_numbers (company_id, provider, provider_sid, e164, country_code, name, capabilities, monthly_cost_cents)
        values (${w.a.companyId}, 'simulated', ${`PN${"b".repeat(32)}`}, '+15555550150', 'US', 'Support line',
          ${JSON.stringify({ voice: true, sms: true, mms: true })}::jsonb, 300)
        returning id`,
  );

  // A finished call of Alpha (rows alone), for the calls' paths: not a test call, so nothing is said on it.
  const sampleCall = await insertSampleCall(db, w.a.companyId);

  // One real file, so /files/{id}/{accessKey}/{fileName} is probed next to a real one.
  const posted = await app.inject({
    method: "POST",
    url: `/app/conversations/${w.a.conversation.id}/messages.json`,
    headers: apiHeaders(session.access_token, w.a.companyId),
    payload: {
      content: "Here is the note",
      attachments: [
        { file_name: "note.txt", content_type: "text/plain", data: Buffer.from("hello").toString("base64") },
      ],
    },
  });
  if (posted.statusCode !== 201) throw new Error(`posting a file failed: ${posted.body}`);
  const url = posted.json<{ attachments: { url: string }[] }>().attachments[0]!.url;
  const [id, accessKey, fileName] = url.split("/").slice(-3) as [string, string, string];

  // A visitor's session on Alpha's website chat, for the widget's routes; and one on Bravo's chat,
  // disabled since: the guard of widget writes whose probes might all be accepted (bad-requests.ts).
  const openVisitor = async (key: string) => {
    const opened = await app.inject({
      method: "POST",
      url: "/widget/v1/sessions",
      payload: { key, origin: "https://shop.example" },
    });
    if (opened.statusCode !== 200) throw new Error(`opening a widget session failed: ${opened.body}`);
    return opened.json<{ token: string }>().token;
  };
  const widget = await openVisitor(w.a.websiteChat.key);
  const widgetClosed = await openVisitor(w.b.websiteChat.key);
  await db.execute(sql`update website_chats set enabled = false where id = ${w.b.websiteChat.id}`);

  // Ending "every other session" takes no input: idempotent once they are ended, so they are ended now
  // (the expired token's sign-in among them: still refused). The sample session is the revoked one, so
  // no request can end the walk's own.
  for (const token of [session.access_token, w.b.token]) {
    const ended = await app.inject({ method: "DELETE", url: "/app/profile/sessions.json", headers: apiHeaders(token) });
    if (ended.statusCode !== 200) throw new Error(`ending other sessions failed: ${ended.body}`);
  }
  const [revokedRow] = await rows(
    db,
    sql`select chain_id from oauth_access_tokens where token_hash = ${hashToken(revoked)}`,
  );
  // A use notes itself as "last used" at most every 5 minutes (auth/token-user-cache.ts), bookkeeping a
  // snapshot would count as a write: dated ahead, no use during the walk writes it.
  await db.execute(sql`update oauth_access_tokens set last_used_at = now() + interval '1 day'`);

  return {
    w,
    world: {
      clientId: WEB_CLIENT_ID,
      tokens: {
        valid: session.access_token,
        revoked,
        expired: expired.accessToken,
        refresh: session.refresh_token,
        stranger: w.b.token,
        channel: w.a.apiChannel.token,
        widget,
        widgetClosed,
      },
      companies: { own: w.a.companyId, foreign: w.b.companyId },
      pathValue: pathValues(
        w,
        { id, accessKey, fileName },
        String(revokedRow!.chain_id),
        ticket.id,
        String(runningExport!.id),
        invoiceId,
        String(phoneNumber!.id),
        sampleCall.id,
      ),
    },
  };
}
