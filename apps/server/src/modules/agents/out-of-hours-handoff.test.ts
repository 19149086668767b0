import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AgentCompany, type AgentWorld, agentWorld, inbound } from "#server/test/agents-setup.ts";

// A customer who asks for a person outside business hours is told when the team will answer, in the
// conversation's language, on the company's clock; with no hours (always open) the usual words.

const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const ENGLISH = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const SPANISH = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];

/** The weekday (0 is Sunday) two days from now on the wall clock of `timeZone`. */
function inTwoDays(timeZone: string): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long" }).format(
    new Date(Date.now() + 2 * 24 * 60 * 60 * 1000),
  );
  return ENGLISH.indexOf(name);
}

/** Open only 9:00–10:00 two days from now: whenever the test runs, the team is out. */
function hoursInTwoDays(timeZone: string) {
  const open = WEEKDAYS[inTwoDays(timeZone)]!;
  return Object.fromEntries(
    WEEKDAYS.map((day) => [day, day === open ? { open: "09:00", close: "10:00" } : null]),
  ) as Record<string, unknown>;
}

describe("a hand-off to staff out of business hours", () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await agentWorld();
  });
  afterAll(async () => {
    await w.t.close();
  });

  const setHours = async (company: AgentCompany, timeZone: string, businessHours: unknown) => {
    const changed = await w.t.app.inject({
      method: "PATCH",
      url: `/app/companies/${company.companyId}/settings.json`,
      headers: company.headers,
      payload: { time_zone: timeZone, business_hours: businessHours },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  };

  const askForAPerson = async (company: AgentCompany, text: string, externalId: string) => {
    const sent = await w.send(company.channel.token, inbound(text, { externalId }));
    expect(sent.statusCode, sent.body).toBe(202);
    await w.settle();
    return (await w.aiMessages(sent.json().conversation_id as string)).at(-1);
  };

  it("tells an English-speaking customer when the team will answer", async () => {
    await setHours(w.a, "Asia/Tokyo", hoursInTwoDays("Asia/Tokyo"));
    expect(await askForAPerson(w.a, "Can I talk to a real person please?", "night-owl")).toBe(
      `I'm passing you to a colleague from our team. Our team will answer at 9:00 on ${ENGLISH[inTwoDays("Asia/Tokyo")]}.`,
    );
  });

  it("tells a Spanish-speaking customer in Spanish", async () => {
    await setHours(w.b, "America/Santiago", hoursInTwoDays("America/Santiago"));
    expect(await askForAPerson(w.b, "Hola, quiero hablar con una persona, por favor", "noctambula")).toBe(
      `Te paso con una persona de nuestro equipo. Nuestro equipo responderá el ${SPANISH[inTwoDays("America/Santiago")]} a las 9:00.`,
    );
  });

  it("says a colleague answers shortly when the company is always open", async () => {
    await setHours(w.a, "Asia/Tokyo", null);
    expect(await askForAPerson(w.a, "Can I talk to a real person please?", "day-bird")).toBe(
      "I'm passing you to a colleague from our team; they will answer you here shortly.",
    );
  });
});
