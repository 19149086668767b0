import { WEB_CLIENT_ID } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { apiHeaders, issueTokenFor, signIn } from "#server/test/fixtures.ts";
import { rows, type TasksWorld, tasksWorld } from "#server/test/tasks-setup.ts";
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
function pathValues(w: TasksWorld, file: { id: string; accessKey: string; fileName: string }) {
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
      pathValue: pathValues(w, { id, accessKey, fileName }),
    },
  };
}
