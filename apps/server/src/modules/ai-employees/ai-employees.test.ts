import { aiEmployeeSchema, aiEmployeesPageSchema, camelizeKeys, MANAGER_ROLE_REQUIRED } from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import {
  addMember,
  apiHeaders,
  createCompany,
  createDepartment,
  createUser,
  issueTokenFor,
} from "#server/test/fixtures.ts";
import { csvUpload } from "#server/test/multipart.ts";
import { rows } from "#server/test/tasks-setup.ts";

// The AI employees API through the real HTTP layer: hiring, editing, (de)activating, listing, and the
// CSV export and import, with the manager-only rule and the activity every write leaves.

type Json = Record<string, unknown>;
type Employee = {
  id: string;
  name: string;
  role: string;
  status: string;
  department: { id: string; name: string };
  skills: { id: string; name: string }[];
  contact_points: { channel: string; address: string }[];
  [key: string]: unknown;
};

const csvFile = (content: string | Buffer, field = "file") => csvUpload("ai-employees.csv", content, field);

describe("the AI employees API", () => {
  let t: TestApp;
  let companyId: string;
  let ownerToken: string;
  let memberToken: string;
  let ownerName: string;
  let sales: { id: string };
  let support: { id: string };
  let foreignDepartment: { id: string };
  let foreignEmployeeId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db, { firstName: "Olga", lastName: "Owner" });
    ownerName = "Olga Owner";
    const member = await createUser(t.db);
    const company = await createCompany(t.db, "Acme");
    companyId = company.id;
    await addMember(t.db, owner.id, companyId, "owner");
    await addMember(t.db, member.id, companyId, "member");
    ownerToken = (await issueTokenFor(t.db, owner.id)).accessToken;
    memberToken = (await issueTokenFor(t.db, member.id)).accessToken;
    sales = await createDepartment(t.db, companyId, { name: "Sales", employees: 0 });
    support = await createDepartment(t.db, companyId, { name: "Support", employees: 0 });
    const other = await createCompany(t.db, "Other");
    foreignDepartment = await createDepartment(t.db, other.id, { name: "Sales", employees: 1 });
    const [foreign] = await rows(t.db, sql`select id from ai_employees where company_id = ${other.id}`);
    foreignEmployeeId = String(foreign!.id);
  });
  afterAll(async () => {
    await t.close();
  });

  const headers = (token = ownerToken, company = companyId) => apiHeaders(token, company);
  const hire = (payload: Json, token = ownerToken, company = companyId) =>
    t.app.inject({ method: "POST", url: "/app/ai_employees.json", headers: headers(token, company), payload });
  const patch = (id: string, payload: Json, token = ownerToken) =>
    t.app.inject({ method: "PATCH", url: `/app/ai_employees/${id}.json`, headers: headers(token), payload });
  const action = (id: string, name: "deactivate" | "activate", token = ownerToken) =>
    t.app.inject({ method: "POST", url: `/app/ai_employees/${id}/${name}.json`, headers: headers(token) });
  const list = (query = "", token = ownerToken, company = companyId) =>
    t.app.inject({ method: "GET", url: `/app/ai_employees.json${query}`, headers: headers(token, company) });
  const upload = (content: string | Buffer, token = ownerToken, company = companyId) => {
    const { payload, contentType } = csvFile(content);
    return t.app.inject({
      method: "POST",
      url: "/app/ai_employees/import.json",
      headers: { ...headers(token, company), "content-type": contentType },
      payload,
    });
  };
  const exportCsv = (token = ownerToken, company = companyId) =>
    t.app.inject({ method: "GET", url: "/app/ai_employees/export.csv", headers: headers(token, company) });

  /** Everything a write touches, to prove a refused one wrote nothing. */
  const snapshot = async () =>
    (
      await rows(
        t.db,
        sql`select
          (select count(*)::int from ai_employees) as employees,
          (select count(*)::int from ai_employee_contact_points) as points,
          (select count(*)::int from skills) as skills,
          (select count(*)::int from ai_employee_skills) as employee_skills,
          (select count(*)::int from activities) as activities,
          (select coalesce(max(updated_at), 'epoch')::text from ai_employees) as last_update,
          (select string_agg(status, ',' order by id) from ai_employees) as statuses`,
      )
    )[0];
  const activitiesOf = (subjectId: string) =>
    rows(
      t.db,
      sql`select kind, actor_type, actor_user_id, actor_name, subject_type, summary, details
          from activities where subject_id = ${subjectId} order by created_at, id`,
    );

  let sofia: Employee;

  describe("POST /app/ai_employees.json", () => {
    it("hires an employee, creating new skills, and records the hiring", async () => {
      const response = await hire({
        name: "  Sofía ",
        role: "Sales agent",
        department_id: sales.id,
        languages: ["es", "EN"],
        persona: "Warm",
        guardrails: { max_discount_percent: 10, max_order_total_cents: 150_000, actions_requiring_human: ["hand_off"] },
        contact_points: [{ channel: "whatsapp", address: "+1 555 0100" }],
        skills: ["Negotiation", "Spanish"],
      });
      expect(response.statusCode, response.body).toBe(201);
      sofia = response.json();
      expect(aiEmployeeSchema.safeParse(camelizeKeys(sofia)).success).toBe(true);
      expect(sofia).toMatchObject({
        name: "Sofía",
        role: "Sales agent",
        status: "active",
        department: { id: sales.id, name: "Sales" },
        languages: ["es", "en"],
        guardrails: { max_discount_percent: 10, max_order_total_cents: 150_000, actions_requiring_human: ["hand_off"] },
        contact_points: [{ channel: "whatsapp", address: "+1 555 0100" }],
        deactivated_at: null,
      });
      expect(sofia.skills.map((skill) => skill.name)).toEqual(["Negotiation", "Spanish"]);
      const [activity] = await activitiesOf(sofia.id);
      expect(activity).toMatchObject({
        kind: "ai_employee.hired",
        actor_type: "user",
        actor_name: ownerName,
        subject_type: "ai_employee",
        summary: "Hired Sofía in Sales",
      });
    });

    it("reuses the company's skills matched case-insensitively", async () => {
      const before = await snapshot();
      const response = await hire({
        name: "Max",
        role: "Closer",
        department_id: sales.id,
        skills: ["negotiation", "Closing"],
      });
      expect(response.statusCode, response.body).toBe(201);
      const max: Employee = response.json();
      expect(max.skills.map((skill) => skill.name)).toEqual(["Closing", "Negotiation"]);
      expect(max.skills.find((skill) => skill.name === "Negotiation")!.id).toBe(
        sofia.skills.find((skill) => skill.name === "Negotiation")!.id,
      );
      expect((await snapshot())!.skills).toBe(Number(before!.skills) + 1);
      // The defaults of everything left out.
      expect(max).toMatchObject({ languages: ["en"], persona: "", contact_points: [], avatar_url: null });
    });

    it("answers 409 naming the channel and address when another employee answers there, and writes nothing", async () => {
      const before = await snapshot();
      const response = await hire({
        name: "Copycat",
        role: "Agent",
        department_id: support.id,
        contact_points: [{ channel: "whatsapp", address: "+1 555 0100" }],
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error_description).toBe("The whatsapp address +1 555 0100 is already used by Sofía");
      expect(await snapshot()).toEqual(before);
    });

    it("compares email addresses without case, and stores them lower-cased", async () => {
      const first = await hire({
        name: "Mail One",
        role: "Agent",
        department_id: support.id,
        contact_points: [{ channel: "email", address: "Help@Acme.TEST" }],
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().contact_points).toEqual([{ channel: "email", address: "help@acme.test" }]);
      const second = await hire({
        name: "Mail Two",
        role: "Agent",
        department_id: support.id,
        contact_points: [{ channel: "email", address: "HELP@acme.test" }],
      });
      expect(second.statusCode).toBe(409);
      expect(second.json().error_description).toBe("The email address help@acme.test is already used by Mail One");
      // Leaves the department's head count as the later checks expect it.
      await t.db.execute(sql`delete from ai_employees where id = ${first.json().id}`);
    });

    it.each([
      ["a missing name", { role: "Agent" }, 400, "name"],
      ["a blank role", { name: "A", role: "   " }, 400, "role"],
      ["a malformed department id", { name: "A", role: "B", department_id: "x" }, 400, "department_id"],
      ["another company's department", { name: "A", role: "B", department_id: "FOREIGN" }, 422, "department_id"],
      [
        "an unknown channel",
        { name: "A", role: "B", contact_points: [{ channel: "fax", address: "1" }] },
        400,
        "contact_points.0.channel",
      ],
      [
        "a contact point listed twice",
        {
          name: "A",
          role: "B",
          contact_points: [
            { channel: "email", address: "a@x.com" },
            { channel: "email", address: "a@x.com" },
          ],
        },
        422,
        "contact_points.1",
      ],
      [
        "a discount above 100",
        {
          name: "A",
          role: "B",
          guardrails: { max_discount_percent: 101, max_order_total_cents: 0, actions_requiring_human: [] },
        },
        400,
        "guardrails.max_discount_percent",
      ],
      ["a language that is not a code", { name: "A", role: "B", languages: ["english"] }, 400, "languages.0"],
    ])("refuses %s naming the field, and writes nothing", async (_, body, status, field) => {
      const before = await snapshot();
      const payload: Json = { department_id: sales.id, ...body };
      if (payload.department_id === "FOREIGN") payload.department_id = foreignDepartment.id;
      const response = await hire(payload);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json().details.map((detail: { field: string }) => detail.field)).toContain(field);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("GET /app/ai_employees/{id}.json", () => {
    it("answers the employee", async () => {
      const response = await t.app.inject({
        method: "GET",
        url: `/app/ai_employees/${sofia.id}.json`,
        headers: headers(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sofia);
    });

    it.each([
      ["another company's", () => foreignEmployeeId],
      ["an unknown", () => "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d"],
      ["a malformed", () => "not-an-id"],
    ])("answers 404 for %s id, on reads and writes alike", async (_, id) => {
      const before = await snapshot();
      const answers = await Promise.all([
        t.app.inject({ method: "GET", url: `/app/ai_employees/${id()}.json`, headers: headers() }),
        patch(id(), { name: "Taken over" }),
        action(id(), "deactivate"),
        action(id(), "activate"),
      ]);
      for (const response of answers) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: "not_found", error_description: "AI employee not found" });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe("PATCH /app/ai_employees/{id}.json", () => {
    it("changes the given fields, bumps updated_at and records only what changed", async () => {
      const response = await patch(sofia.id, {
        name: "Sofía",
        role: "Senior sales agent",
        department_id: support.id,
        guardrails: { max_discount_percent: 15, max_order_total_cents: 150_000, actions_requiring_human: ["hand_off"] },
        skills: ["spanish", "negotiation"],
      });
      expect(response.statusCode, response.body).toBe(200);
      const edited: Employee = response.json();
      expect(edited).toMatchObject({
        role: "Senior sales agent",
        department: { id: support.id, name: "Support" },
        guardrails: { max_discount_percent: 15 },
      });
      expect(Date.parse(String(edited.updated_at))).toBeGreaterThan(Date.parse(String(sofia.updated_at)));
      const activities = await activitiesOf(sofia.id);
      expect(activities).toHaveLength(2);
      expect(activities[1]).toMatchObject({
        kind: "ai_employee.edited",
        actor_name: ownerName,
        summary: "Edited Sofía: role, department, maxDiscountPercent",
        details: {
          role: { before: "Sales agent", after: "Senior sales agent" },
          department: { before: "Sales", after: "Support" },
          maxDiscountPercent: { before: 10, after: 15 },
        },
      });
      sofia = edited;
    });

    it("writes nothing for a patch that changes nothing", async () => {
      const before = await snapshot();
      const response = await patch(sofia.id, { name: "Sofía", skills: ["Negotiation", "Spanish"] });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(sofia);
      expect(await snapshot()).toEqual(before);
    });

    it("answers 409 for a contact point another employee has, 422 for another company's department, 400 for an empty patch", async () => {
      const other = (await hire({ name: "Otto", role: "Agent", department_id: sales.id })).json() as Employee;
      const before = await snapshot();
      const taken = await patch(other.id, { contact_points: [{ channel: "whatsapp", address: "+1 555 0100" }] });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error_description).toMatch(/whatsapp address \+1 555 0100/);
      const foreign = await patch(other.id, { department_id: foreignDepartment.id });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().details).toEqual([{ field: "department_id", message: expect.any(String) }]);
      const empty = await patch(other.id, {});
      expect(empty.statusCode).toBe(400);
      expect(await snapshot()).toEqual(before);
      // Its own contact point again is no conflict.
      const own = await patch(sofia.id, {
        contact_points: [
          { channel: "whatsapp", address: "+1 555 0100" },
          { channel: "email", address: "sofia@acme.test" },
        ],
      });
      expect(own.statusCode, own.body).toBe(200);
      sofia = own.json();
    });
  });

  describe("deactivating and activating", () => {
    const departmentActive = async (id: string) => {
      const response = await t.app.inject({ method: "GET", url: "/app/ai_departments.json", headers: headers() });
      return response.json().find((department: { id: string }) => department.id === id).is_active as boolean;
    };

    it("is idempotent, sets deactivated_at, records once, and the department's is_active follows", async () => {
      expect(await departmentActive(support.id)).toBe(true);
      const first = await action(sofia.id, "deactivate");
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({ status: "inactive", deactivated_at: expect.any(String) });
      // Sofía was Support's only employee.
      expect(await departmentActive(support.id)).toBe(false);
      const before = await snapshot();
      const again = await action(sofia.id, "deactivate");
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(await snapshot()).toEqual(before);

      const back = await action(sofia.id, "activate");
      expect(back.json()).toMatchObject({ status: "active", deactivated_at: null });
      expect(await departmentActive(support.id)).toBe(true);
      const afterActivate = await snapshot();
      expect((await action(sofia.id, "activate")).statusCode).toBe(200);
      expect(await snapshot()).toEqual(afterActivate);
      const kinds = (await activitiesOf(sofia.id)).map((activity) => activity.kind);
      expect(kinds.filter((kind) => kind === "ai_employee.deactivated")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "ai_employee.reactivated")).toHaveLength(1);
    });

    it("counts every employee in ai_employees_count, active or not", async () => {
      await action(sofia.id, "deactivate");
      const response = await t.app.inject({ method: "GET", url: "/app/ai_departments.json", headers: headers() });
      expect(response.json().find((d: { id: string }) => d.id === support.id)).toMatchObject({
        ai_employees_count: 1,
        is_active: false,
      });
      await action(sofia.id, "activate");
    });
  });

  describe("a member (not an owner or admin)", () => {
    it("gets 403 with the message for every write, and nothing changes", async () => {
      const before = await snapshot();
      const csv = (await exportCsv()).body;
      const answers = await Promise.all([
        hire({ name: "Nope", role: "Agent", department_id: sales.id }, memberToken),
        patch(sofia.id, { name: "Nope" }, memberToken),
        action(sofia.id, "deactivate", memberToken),
        action(sofia.id, "activate", memberToken),
        upload(csv, memberToken),
      ]);
      for (const response of answers) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
      }
      expect(await snapshot()).toEqual(before);
    });

    it("may list, read and export", async () => {
      expect((await list("", memberToken)).statusCode).toBe(200);
      expect((await exportCsv(memberToken)).statusCode).toBe(200);
    });
  });

  describe("GET /app/ai_employees.json", () => {
    let listCompany: string;
    let token: string;
    let departments: Record<string, string>;

    beforeAll(async () => {
      const user = await createUser(t.db);
      listCompany = (await createCompany(t.db, "Lister")).id;
      await addMember(t.db, user.id, listCompany, "admin");
      token = (await issueTokenFor(t.db, user.id)).accessToken;
      departments = {
        alpha: (await createDepartment(t.db, listCompany, { name: "Alpha desk" })).id,
        beta: (await createDepartment(t.db, listCompany, { name: "beta desk" })).id,
      };
      const people: [string, string, keyof typeof departments][] = [
        ["Carla", "Closer", "beta"],
        ["ana", "Greeter", "alpha"],
        ["Bruno", "Support agent", "alpha"],
        ["Dora", "sales CLOSER", "beta"],
        ["Eve", "Analyst", "alpha"],
      ];
      for (const [name, role, department] of people) {
        const response = await hire({ name, role, department_id: departments[department] }, token, listCompany);
        expect(response.statusCode, response.body).toBe(201);
      }
      const eve = (await list("?q=Eve", token, listCompany)).json().ai_employees[0];
      await t.app.inject({
        method: "POST",
        url: `/app/ai_employees/${eve.id}/deactivate.json`,
        headers: headers(token, listCompany),
      });
    });

    const names = async (query: string) => {
      const response = await list(query, token, listCompany);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(aiEmployeesPageSchema.safeParse(camelizeKeys(body)).success).toBe(true);
      return { names: body.ai_employees.map((e: Employee) => e.name), total: body.total };
    };

    it("sorts by name case-insensitively by default, with the total", async () => {
      expect(await names("")).toEqual({ names: ["ana", "Bruno", "Carla", "Dora", "Eve"], total: 5 });
      expect((await names("?direction=desc")).names).toEqual(["Eve", "Dora", "Carla", "Bruno", "ana"]);
    });

    it("sorts by department, status and creation, ties by name then id", async () => {
      expect((await names("?sort=department")).names).toEqual(["ana", "Bruno", "Eve", "Carla", "Dora"]);
      expect((await names("?sort=status")).names).toEqual(["ana", "Bruno", "Carla", "Dora", "Eve"]);
      expect((await names("?sort=status&direction=desc")).names[0]).toBe("Eve");
      expect((await names("?sort=created_at")).names).toEqual(["Carla", "ana", "Bruno", "Dora", "Eve"]);
    });

    it("filters by department, status and text in name or role", async () => {
      expect(await names(`?department_id=${departments.beta}`)).toEqual({ names: ["Carla", "Dora"], total: 2 });
      expect(await names("?status=inactive")).toEqual({ names: ["Eve"], total: 1 });
      expect(await names("?q=closer")).toEqual({ names: ["Carla", "Dora"], total: 2 });
      expect(await names("?q=%25")).toEqual({ names: [], total: 0 });
      expect(await names(`?q=a&status=active&department_id=${departments.alpha}`)).toEqual({
        names: ["ana", "Bruno"],
        total: 2,
      });
    });

    it("pages without repeating or skipping, the total counting every match", async () => {
      const first = await names("?per_page=2&page=1");
      const second = await names("?per_page=2&page=2");
      const third = await names("?per_page=2&page=3");
      expect([...first.names, ...second.names, ...third.names]).toEqual(["ana", "Bruno", "Carla", "Dora", "Eve"]);
      expect(third.total).toBe(5);
    });

    it("refuses bad parameters naming them", async () => {
      for (const query of ["?sort=salary", "?status=fired", "?per_page=101", "?department_id=nope"]) {
        const response = await list(query, token, listCompany);
        expect(response.statusCode).toBe(400);
        expect(response.json().details[0].field).toBe(query.slice(1).split("=")[0]);
      }
    });

    it("never shows another company's employees", async () => {
      const body = (await list("?per_page=100")).json();
      expect(body.ai_employees.map((e: Employee) => e.name)).not.toContain("Carla");
    });
  });

  describe("CSV export and import", () => {
    let csv: string;

    it("exports every employee as RFC 4180 CSV with a header, as an attachment", async () => {
      await patch(sofia.id, { persona: 'Warm, "friendly"\nand patient' });
      const response = await exportCsv();
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe('attachment; filename="ai-employees.csv"');
      csv = response.body;
      const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        "name,role,department,status,languages,persona,instructions,max_discount_percent,max_order_total,actions_requiring_human,contact_points,skills",
      );
      expect(csv).toContain(
        'Sofía,Senior sales agent,Support,active,es;en,"Warm, ""friendly""\nand patient",,15,1500.00,hand_off,whatsapp:+1 555 0100;email:sofia@acme.test,Negotiation;Spanish',
      );
    });

    it("imports the export into another company, reproducing the same employees", async () => {
      const user = await createUser(t.db, { firstName: "Ivy", lastName: "Importer" });
      const target = (await createCompany(t.db, "Target")).id;
      await addMember(t.db, user.id, target, "owner");
      const token = (await issueTokenFor(t.db, user.id)).accessToken;
      await createDepartment(t.db, target, { name: "sales" });
      await createDepartment(t.db, target, { name: "Support" });
      await hire(
        {
          name: "Already",
          role: "Here",
          department_id: (await createDepartment(t.db, target, { name: "X" })).id,
          skills: ["SPANISH"],
        },
        token,
        target,
      );

      const response = await upload(csv, token, target);
      expect(response.statusCode, response.body).toBe(200);
      const source = (await list("?per_page=100")).json().ai_employees as Employee[];
      expect(response.json()).toEqual({ imported: source.length });

      const copied = ((await list("?per_page=100", token, target)).json().ai_employees as Employee[]).filter(
        (e) => e.name !== "Already",
      );
      const comparable = (e: Employee) => ({
        name: e.name,
        role: e.role,
        status: e.status,
        department: e.department.name.toLowerCase(),
        languages: e.languages,
        persona: e.persona,
        instructions: e.instructions,
        guardrails: e.guardrails,
        contact_points: e.contact_points,
        skills: e.skills.map((skill) => skill.name.toLowerCase()),
      });
      expect(copied.map(comparable)).toEqual(source.map(comparable));
      // The target's own skill was reused rather than duplicated.
      const [skillCount] = await rows(
        t.db,
        sql`select count(*)::int as n from skills where company_id = ${target} and lower(name) = 'spanish'`,
      );
      expect(skillCount!.n).toBe(1);
      const [activity] = await rows(
        t.db,
        sql`select kind, subject_type, subject_id, details, actor_name from activities where company_id = ${target} and kind = 'ai_employees.imported'`,
      );
      expect(activity).toEqual({
        kind: "ai_employees.imported",
        subject_type: "company",
        subject_id: target,
        details: { count: source.length },
        actor_name: "Ivy Importer",
      });
      // The same file again: every contact point is now taken, and nothing is written.
      const before = await snapshot();
      const again = await upload(csv, token, target);
      expect(again.statusCode).toBe(422);
      expect(again.json().details).toContainEqual({
        line: expect.any(Number),
        column: "contact_points",
        message: expect.stringMatching(/^The whatsapp address \+1 555 0100 is already used by Sofía/),
      });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses a file with one bad row, naming its line and column, and writes nothing", async () => {
      const before = await snapshot();
      const text = [
        "name,role,department,persona,max_order_total",
        "Good,Agent,Sales,,10.00",
        'Also good,Agent,Sales,"two\nlines",',
        "Bad,Agent,Sales,,ten",
        "Lost,Agent,Nowhere,,",
        "Fine,Agent,support,,",
        // Two problems on one line: both are named at once, the unknown department too.
        "Twice,Agent,Elsewhere,,lots",
      ].join("\r\n");
      const response = await upload(text);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        error: "validation_failed",
        error_description: "3 lines have problems; nothing was imported",
        details: [
          { line: 5, column: "max_order_total", message: expect.any(String) },
          { line: 6, column: "department", message: "No department named Nowhere" },
          { line: 8, column: "max_order_total", message: expect.any(String) },
          { line: 8, column: "department", message: "No department named Elsewhere" },
        ],
      });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses more than 1,000 rows with 422 and more than 1 MB with 413, writing nothing", async () => {
      const before = await snapshot();
      const rowsText = Array.from({ length: 1_001 }, (_, i) => `Bulk ${i},Agent,Sales`).join("\r\n");
      const tooMany = await upload(`name,role,department\r\n${rowsText}\r\n`);
      expect(tooMany.statusCode).toBe(422);
      expect(tooMany.json()).toMatchObject({ error: "too_many_rows" });
      const tooBig = await upload(`name,role,department\r\nBig,Agent,Sales,${"x".repeat(1024 * 1024)}\r\n`);
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json()).toMatchObject({ error: "payload_too_large" });
      expect(await snapshot()).toEqual(before);
    });

    it("refuses a body without a file field, a file that is not UTF-8 and a broken CSV", async () => {
      const before = await snapshot();
      const noFile = csvFile("name\r\n", "other");
      const missing = await t.app.inject({
        method: "POST",
        url: "/app/ai_employees/import.json",
        headers: { ...headers(), "content-type": noFile.contentType },
        payload: noFile.payload,
      });
      expect(missing.statusCode).toBe(400);
      const json = await t.app.inject({
        method: "POST",
        url: "/app/ai_employees/import.json",
        headers: headers(),
        payload: {},
      });
      expect(json.statusCode).toBe(400);
      const latin1 = await upload(Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x0d, 0x0a, 0xe9, 0xff]));
      expect(latin1.statusCode).toBe(422);
      const broken = await upload('name,role,department\r\nA,"B"x,Sales\r\n');
      expect(broken.statusCode).toBe(422);
      expect(broken.json().details).toEqual([
        { line: 2, column: "role", message: "Unexpected text after a closing quote" },
      ]);
      expect(await snapshot()).toEqual(before);
    });
  });
});
