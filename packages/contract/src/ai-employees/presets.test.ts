import { describe, expect, it } from "vitest";
import { COMPANY_LANGUAGES } from "../companies/language.ts";
import { DEPARTMENT_KINDS } from "../departments/kinds.ts";
import { ACCEPTED_CURRENCIES } from "../sales/currency.ts";
import { STANDARD_SKILL_NAMES } from "../skills/standard-skills.ts";
import { aiEmployeeInputSchema } from "./ai-employee.ts";
import { employeePreset, PRESET_ORDER_LIMITS, presetHireInput } from "./presets.ts";

const DEPARTMENT_ID = "5b8f1a52-3f7e-4c1d-9a57-0d6c1e2b7a10";

describe("employeePreset", () => {
  it.each(COMPANY_LANGUAGES.flatMap((language) => DEPARTMENT_KINDS.map((kind) => [kind, language] as const)))(
    "gives %s in %s a complete hire the API accepts unchanged",
    (kind, language) => {
      const preset = employeePreset(kind, language);
      const parsed = aiEmployeeInputSchema.safeParse(
        presetHireInput(preset, { name: "Alex", departmentId: DEPARTMENT_ID }),
      );
      expect(parsed.success).toBe(true);
      expect(parsed.data).toMatchObject({
        name: "Alex",
        departmentId: DEPARTMENT_ID,
        role: preset.role,
        persona: preset.persona,
        instructions: preset.instructions,
        guardrails: preset.guardrails,
        skills: preset.skillNames,
      });
      expect(preset.languages[0]).toBe(language);
      // Real words, not placeholders: a persona and several instruction lines.
      expect(preset.persona.length).toBeGreaterThan(80);
      expect(preset.instructions.split("\n").length).toBeGreaterThanOrEqual(4);
    },
  );

  it("names each preset in the company's language", () => {
    expect(DEPARTMENT_KINDS.map((kind) => employeePreset(kind, "en").role)).toEqual([
      "Sales representative",
      "Retention specialist",
      "Support agent",
      "Collections officer",
      "Data analyst",
    ]);
    expect(DEPARTMENT_KINDS.map((kind) => employeePreset(kind, "es").role)).toEqual([
      "Representante de ventas",
      "Especialista en retención",
      "Agente de soporte",
      "Ejecutivo de cobranza",
      "Analista de datos",
    ]);
    expect(employeePreset("support", "es").instructions).toContain("pedido");
  });

  it("lets sales and retention give 5% and confirm orders up to the currency's limit alone", () => {
    expect(employeePreset("sales", "en").guardrails).toEqual({
      maxDiscountPercent: 5,
      maxOrderTotalCents: 250_000,
      actionsRequiringHuman: ["cancel_order"],
    });
    expect(employeePreset("retention", "es", "CLP").guardrails).toEqual({
      maxDiscountPercent: 5,
      maxOrderTotalCents: 150_000_000,
      actionsRequiringHuman: ["cancel_order"],
    });
    for (const currency of ACCEPTED_CURRENCIES)
      expect(employeePreset("sales", "en", currency).guardrails.maxOrderTotalCents).toBe(
        PRESET_ORDER_LIMITS[currency] * 100,
      );
  });

  it.each(["support", "collections", "analytics"] as const)(
    "gives %s no discount and no order it may confirm alone; discounts and cancelling need a person",
    (kind) => {
      expect(employeePreset(kind, "en", "CLP").guardrails).toEqual({
        maxDiscountPercent: 0,
        maxOrderTotalCents: 0,
        actionsRequiringHuman: ["apply_discount", "cancel_order"],
      });
    },
  );

  it("gives each kind its department's standard skills, named in the company's language", () => {
    const en = STANDARD_SKILL_NAMES.en;
    expect(employeePreset("sales", "en").skillNames).toEqual([en.catalog, en.quoting, en.order_tracking, en.handoff]);
    // Support opens and updates tickets; no other kind does.
    expect(employeePreset("support", "en").skillNames).toEqual([
      en.catalog,
      en.order_tracking,
      en.handoff,
      en.ticketing,
    ]);
    expect(employeePreset("support", "es").skillNames).toContain("Tickets de soporte");
    for (const kind of ["sales", "retention", "collections", "analytics"] as const)
      expect(employeePreset(kind, "en").skillNames).not.toContain(en.ticketing);
    expect(employeePreset("collections", "es").skillNames).toEqual([
      STANDARD_SKILL_NAMES.es.order_tracking,
      STANDARD_SKILL_NAMES.es.handoff,
    ]);
    expect(employeePreset("analytics", "es").skillNames).toEqual([]);
  });

  it("hands out copies: editing one preset's lists leaves the next one alone", () => {
    const first = employeePreset("sales", "en");
    first.guardrails.actionsRequiringHuman.push("send_quote");
    first.skillNames.pop();
    const second = employeePreset("sales", "en");
    expect(second.guardrails.actionsRequiringHuman).toEqual(["cancel_order"]);
    expect(second.skillNames).toHaveLength(4);
  });
});
