import { describe, expect, it } from "vitest";
import {
  fillTemplateText,
  fillTemplateVariables,
  templatePreview,
  templateStatusFromMeta,
  templateVariableNumbers,
  validateTemplate,
} from "./template.ts";

const valid = {
  name: "order_update",
  headerText: "Order news",
  body: "Hi {{1}}, your order {{2}} is on its way.",
  footerText: null,
  variables: [
    { source: "customer_first_name" as const, example: "Ana" },
    { source: "order_number" as const, example: "Q-1042" },
  ],
};

describe("validateTemplate", () => {
  it("accepts a template Meta would accept", () => {
    expect(validateTemplate(valid)).toEqual([]);
    expect(validateTemplate({ ...valid, body: "No variables at all.", variables: [] })).toEqual([]);
  });

  it.each([
    [{ name: "" }, "name", "required"],
    [{ name: "Order Update" }, "name", "use lowercase letters, numbers and underscores only (e.g. order_update)"],
    [{ name: "x".repeat(513) }, "name", "must be at most 512 characters"],
    [{ headerText: "h".repeat(61) }, "headerText", "must be at most 60 characters"],
    [{ headerText: "Hi {{1}}" }, "headerText", "variables are allowed in the message body only"],
    [{ footerText: "Bye {{1}}" }, "footerText", "variables are allowed in the message body only"],
    [{ body: "  " }, "body", "required"],
    [{ body: "b".repeat(1025) }, "body", "must be at most 1024 characters"],
    [
      { body: "Hi {{1}}, order {{3}}." },
      "body",
      "number the variables in order without gaps or repeats: {{1}}, then {{2}}, then {{3}}",
    ],
    [
      { body: "Hi {{2}}, order {{1}}." },
      "body",
      "number the variables in order without gaps or repeats: {{1}}, then {{2}}, then {{3}}",
    ],
    [{ body: "Hi {{name}}, order {{1}}." }, "body", "write variables as {{1}}, {{2}} and so on"],
    [
      { body: "{{1}}, your order {{2}} shipped" },
      "body",
      "the message cannot start or end with a variable; add words around it",
    ],
    [
      { body: "Your order for {{1}} is {{2}}." },
      "body",
      "the message cannot start or end with a variable; add words around it",
    ],
  ])("refuses %o on %s", (change, field, message) => {
    expect(validateTemplate({ ...valid, ...change })).toContainEqual({ field, message });
  });

  it("wants one single-line example per variable", () => {
    expect(validateTemplate({ ...valid, variables: [valid.variables[0]!] })).toEqual([
      { field: "variables", message: "give one example for each variable: the body has 2, 1 given" },
    ]);
    expect(
      validateTemplate({ ...valid, variables: [valid.variables[0]!, { source: "text", example: "two\nlines" }] }),
    ).toEqual([{ field: "variables.1.example", message: "must be one line without tabs or runs of spaces" }]);
    expect(validateTemplate({ ...valid, variables: [valid.variables[0]!, { source: "text", example: " " }] })).toEqual([
      { field: "variables.1.example", message: "required" },
    ]);
  });
});

describe("filling a template", () => {
  it("numbers the variables as written and fills them in", () => {
    expect(templateVariableNumbers("Hi {{1}} and {{ 2 }}")).toEqual([1, 2]);
    expect(fillTemplateText("Hi {{1}}, {{2}} {{3}}", ["Ana", "order"])).toBe("Hi Ana, order {{3}}");
    expect(templatePreview({ headerText: "News", body: "Hi {{1}}", footerText: "Bye" }, ["Ana"])).toBe(
      "News\n\nHi Ana\n\nBye",
    );
  });

  const context = {
    customerName: "Marta Gómez",
    orderNumber: "Q-1042",
    orderTotal: "$1,250",
    orderStatus: "Confirmed",
    companyName: "Northwind Supply",
  };

  it("fills from the customer, the order and the company, with typed values first", () => {
    const variables = [
      { source: "customer_first_name" as const, example: "" },
      { source: "order_total" as const, example: "" },
      { source: "company_name" as const, example: "" },
      { source: "text" as const, example: "" },
    ];
    expect(fillTemplateVariables(variables, context)).toEqual({
      values: ["Marta", "$1,250", "Northwind Supply", ""],
      missing: [4],
    });
    expect(fillTemplateVariables(variables, context, ["Señora Gómez", null, undefined, "tomorrow"])).toEqual({
      values: ["Señora Gómez", "$1,250", "Northwind Supply", "tomorrow"],
      missing: [],
    });
    expect(
      fillTemplateVariables([{ source: "order_number", example: "" }], { ...context, orderNumber: null }).missing,
    ).toEqual([1]);
  });
});

describe("templateStatusFromMeta", () => {
  it.each([
    ["APPROVED", "active"],
    ["PENDING", "pending_review"],
    ["IN_APPEAL", "pending_review"],
    ["REJECTED", "rejected"],
    ["PAUSED", "paused"],
    ["DISABLED", "disabled"],
    ["approved", "active"],
    ["SOMETHING_NEW", null],
  ])("%s → %s", (meta, ours) => {
    expect(templateStatusFromMeta(meta)).toBe(ours);
  });
});
