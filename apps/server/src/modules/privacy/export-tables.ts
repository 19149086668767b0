import { is } from "drizzle-orm";
import { getTableConfig, type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "#server/db/schema/index.ts";

// What a company's data export holds, found by walking the schema rather than listed by hand, so a new
// table is exported the day it is added: every table with a company_id; the company's own row; the
// tables without a company_id through the parent row they hang off (an order's lines, a customer's
// addresses); and the members' user accounts. Secrets are never exported (LEFT_OUT).

/** Columns left out of every export, with why (README.txt lists them; docs/security.md explains). */
export const LEFT_OUT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  users: {
    password_digest: "password hash",
    totp_secret: "two-factor secret",
    totp_pending_secret: "two-factor secret of an enrolment in progress",
    totp_last_step: "two-factor bookkeeping",
  },
  api_channels: { token_hash: "API token hash", webhook_secret: "webhook signing secret" },
  website_chat_visitors: { token_hash: "visitor session token hash" },
  invitations: { token_hash: "invitation link token hash" },
  whatsapp_connections: { access_token_sealed: "WhatsApp access token", pin_sealed: "WhatsApp number PIN" },
  conversations: { email_reply_token: "secret token of the conversation's reply address" },
  attachments: { access_key: "secret key of the file's public link" },
  data_exports: { archive: "the export archives themselves" },
};

/**
 * Values left out of some rows: the text of a mail that carries a single-use link (an invitation) is
 * erased from the outbox once sent, and never exported while it waits.
 */
export const REDACTED_ROWS: Readonly<Record<string, { column: string; when: string; why: string }>> = {
  outbound_mails: {
    column: "text",
    when: "erase_text_after_send",
    why: "text of mail carrying a single-use link (invitations), until it is erased after sending",
  },
};

/**
 * Tables that hold no company's rows: sign-in and account security (per user, across companies), and
 * the help centre's articles (the same for everyone). A table in neither the plan nor this list fails
 * the export tests, so it cannot be left out unnoticed.
 */
export const NOT_COMPANY_DATA: readonly string[] = [
  "email_change_requests",
  "help_articles",
  "mfa_challenges",
  "notification_preferences",
  "oauth_access_tokens",
  "oauth_applications",
  "password_reset_tokens",
  "sign_in_throttles",
  "sign_in_trusted_addresses",
  "user_recovery_codes",
];

/** How a table's rows for the company are found. */
export type ExportScope =
  | { via: "company_id"; column: PgColumn }
  | { via: "company"; column: PgColumn }
  | { via: "members"; column: PgColumn }
  | {
      via: "parent";
      column: PgColumn;
      parent: PgTable;
      parentName: string;
      parentKey: PgColumn;
      parentCompanyId: PgColumn;
    };

export type ExportColumn = { name: string; column: PgColumn; file: boolean };

export type ExportTable = {
  name: string;
  table: PgTable;
  /** The single-column primary key the rows are paged and ordered by (null: read at once). */
  key: PgColumn | null;
  columns: ExportColumn[];
  leftOut: { column: string; why: string }[];
  scope: ExportScope;
};

const tableName = (table: PgTable) => getTableConfig(table).name;
const columnNamed = (table: PgTable, name: string) => getTableConfig(table).columns.find((c) => c.name === name);

function scopeOf(table: PgTable): ExportScope | null {
  const config = getTableConfig(table);
  const companyId = columnNamed(table, "company_id");
  if (config.name === "companies") return { via: "company", column: columnNamed(table, "id")! };
  if (companyId) return { via: "company_id", column: companyId };
  if (config.name === "users") return { via: "members", column: columnNamed(table, "id")! };
  // A row that cannot exist without a parent row of the company (a not-null reference).
  for (const foreignKey of config.foreignKeys) {
    const { columns, foreignTable, foreignColumns } = foreignKey.reference();
    const parentCompanyId = columnNamed(foreignTable, "company_id");
    if (columns.length === 1 && columns[0]!.notNull && parentCompanyId)
      return {
        via: "parent",
        column: columns[0]!,
        parent: foreignTable,
        parentName: tableName(foreignTable),
        parentKey: foreignColumns[0]!,
        parentCompanyId,
      };
  }
  return null;
}

function exportTableOf(table: PgTable, scope: ExportScope): ExportTable {
  const config = getTableConfig(table);
  const leftOutHere = LEFT_OUT[config.name] ?? {};
  const key = config.columns.filter((column) => column.primary);
  return {
    name: config.name,
    table,
    key: key.length === 1 ? key[0]! : null,
    columns: config.columns
      .filter((column) => !(column.name in leftOutHere))
      .map((column) => ({ name: column.name, column, file: column.getSQLType() === "bytea" })),
    leftOut: Object.entries(leftOutHere).map(([column, why]) => ({ column, why })),
    scope,
  };
}

function buildPlan() {
  const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));
  const plan: ExportTable[] = [];
  const unexported: string[] = [];
  for (const table of tables) {
    const scope = NOT_COMPANY_DATA.includes(tableName(table)) ? null : scopeOf(table);
    if (scope) plan.push(exportTableOf(table, scope));
    else unexported.push(tableName(table));
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return { plan: plan.sort(byName), unexported: unexported.sort() };
}

let built: ReturnType<typeof buildPlan> | undefined;

/** Every table the export writes, by name. */
export function exportPlan(): ExportTable[] {
  built ??= buildPlan();
  return built.plan;
}

/** The schema's tables the export leaves out whole (NOT_COMPANY_DATA, and any table with no way to the company). */
export function unexportedTables(): string[] {
  built ??= buildPlan();
  return built.unexported;
}
