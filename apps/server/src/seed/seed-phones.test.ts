import { afterAll, describe, expect, it } from "vitest";
import { findActiveNumberByE164, listNumbersForBilling } from "#server/modules/phones/index.ts";
import { createTestApp } from "#server/test/app.ts";
import { apiHeaders, createDepartment, createMember, issueTokenFor } from "#server/test/fixtures.ts";
import { seedPhones } from "./seed-phones.ts";

// The demo's phone numbers, seeded into a company with a support and a sales team (the whole demo seed
// is checked in seed-demo.test.ts).

const DAY = 86_400_000;
const t = await createTestApp();
afterAll(() => t.close());

describe("the demo's phone numbers", () => {
  it("gives a support line, a sales line and a released line, answered by the right teams", async () => {
    const { user, company } = await createMember(t.db, "Demo Phones");
    await createDepartment(t.db, company.id, { name: "Sales", employees: 1 });
    await createDepartment(t.db, company.id, { name: "Support", employees: 1 });
    const now = new Date("2026-11-28T10:00:00Z");
    await seedPhones(t.db, { id: company.id, language: "en", createdByUserId: user.id, now });

    const headers = apiHeaders((await issueTokenFor(t.db, user.id)).accessToken, company.id);
    const list = await t.app.inject({ method: "GET", url: "/app/phone_numbers.json", headers });
    const numbers = list.json().phone_numbers;
    expect(numbers.map((n: { name: string; phone_number: string }) => [n.name, n.phone_number])).toEqual([
      ["Sales line", "+12125550117"],
      ["Support line", "+14155550142"],
    ]);
    expect(numbers[0].ai_employee.department_name).toBe("Sales");
    expect(numbers[1].ai_employee.department_name).toBe("Support");
    expect(numbers[1]).toMatchObject({ provider: "simulated", locality: "San Francisco", monthly_cost_cents: 300 });
    expect(Date.parse(numbers[1].purchased_at)).toBe(now.getTime() - 121 * DAY);

    // The released line still counts for the months it was held.
    const held = await listNumbersForBilling(t.db, company.id, new Date(now.getTime() - 90 * DAY), now);
    expect(held.map((n) => n.e164).sort()).toEqual(["+12125550117", "+13125550163", "+14155550142"]);
    expect(await findActiveNumberByE164(t.db, "+13125550163")).toBeNull();
    // The simulated provider does not offer the lines held.
    const offered = await t.app.telephony.searchAvailable({ countryCode: "US", areaCode: "415" });
    expect(offered.map((n) => n.phoneNumber)).not.toContain("+14155550142");
  });
});
