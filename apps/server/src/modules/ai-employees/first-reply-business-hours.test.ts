import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { apiHeaders, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { rows } from "#server/test/sales-setup.ts";

// The median first reply on the team's clock: with business hours, a customer who wrote on Saturday and
// was answered on Monday at 9:05 waited five minutes of the team's time; without hours, every second.

const MADRID_WEEKDAYS = {
  mon: { open: "09:00", close: "18:00" },
  tue: { open: "09:00", close: "18:00" },
  wed: { open: "09:00", close: "18:00" },
  thu: { open: "09:00", close: "18:00" },
  fri: { open: "09:00", close: "18:00" },
  sat: null,
  sun: null,
};

describe("the median first reply with business hours", () => {
  let t: TestApp;
  let companyId: string;
  let employeeId: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { user, company } = await createMember(t.db, "Horario Co");
    companyId = company.id;
    headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, companyId);
    const [department] = await rows(
      t.db,
      sql`insert into ai_departments (company_id, name, sort_order) values (${companyId}, 'Support', 1) returning id`,
    );
    const [employee] = await rows(
      t.db,
      sql`insert into ai_employees (company_id, department_id, name, role) values (${companyId}, ${department!.id}, 'Sam', 'Agent') returning id`,
    );
    employeeId = String(employee!.id);
    // March 2026 in Madrid (UTC+1 until Sunday 29th, then UTC+2): [customer wrote, first reply].
    const conversations: [string, string][] = [
      ["2026-03-28T12:00:00Z", "2026-03-30T07:05:00Z"], // Saturday 13:00 → Monday 09:05: 5 minutes
      ["2026-03-30T07:10:00Z", "2026-03-30T07:11:00Z"], // Monday 09:10 → 09:11: 1 minute
      ["2026-03-27T16:50:00Z", "2026-03-30T07:20:00Z"], // Friday 17:50 → Monday 09:20: 10 + 20 minutes
    ];
    for (const [index, [asked, replied]] of conversations.entries()) {
      const [conversation] = await rows(
        t.db,
        sql`insert into conversations (company_id, display_id, inbox_id, channel, ai_employee_id, created_at)
            values (${companyId}, ${index + 1}, 1, 'email', ${employeeId}, ${asked}) returning id`,
      );
      for (const [sender, at] of [
        ["customer", asked],
        ["staff", replied],
      ] as const)
        await t.db.execute(
          sql`insert into messages (company_id, conversation_id, sender_type, sender_name, content, created_at)
              values (${companyId}, ${conversation!.id}, ${sender}, ${sender}, 'hi', ${at})`,
        );
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const medianFirstReply = async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/app/ai_employees/${employeeId}/outcomes.json?q[created_at_gteq]=2026-03-01&q[created_at_lteq]=2026-03-31`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().present.median_first_reply_seconds;
  };

  it("counts every second while the company is always open", async () => {
    // The middle wait: Saturday 12:00 to Monday 07:05 UTC.
    expect(await medianFirstReply()).toBe(43 * 3600 + 5 * 60);
  });

  it("counts only the team's hours once the company has them", async () => {
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/app/companies/${companyId}/settings.json`,
      headers,
      payload: { time_zone: "Europe/Madrid", business_hours: MADRID_WEEKDAYS },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Waits of 5, 1 and 30 minutes on the team's clock.
    expect(await medianFirstReply()).toBe(5 * 60);
  });
});
