import {
  camelizeKeys,
  MANAGER_ROLE_REQUIRED,
  PRODUCT_CSV_COLUMNS,
  productSchema,
  productsPageSchema,
} from "@foreman/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { priceLines } from "#server/modules/agents/tools/quote-store.ts";
import { type AgentWorld, agentWorld, CATALOG, inbound } from "#server/test/agents-setup.ts";
import { addMember, apiHeaders, createCompany, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { csvUpload } from "#server/test/multipart.ts";

// The product catalog API through the real HTTP layer: adding, editing and deactivating products,
// listing them, the CSV export and import, the manager-only rule, the activity every write leaves — and
// what the AI employees then offer through the channel API.

type Json = Record<string, unknown>;
type ProductJson = {
  id: string;
  sku: string;
  name: string;
  unit_price_cents: number;
  active: boolean;
  [key: string]: unknown;
};

const csvFile = (content: string | Buffer, field = "file") => csvUpload("products.csv", content, field);

let w: AgentWorld;
let ownerToken: string;
let memberToken: string;
let adminToken: string;
let companyId: string;

beforeAll(async () => {
  w = await agentWorld();
  companyId = w.a.companyId;
  ownerToken = w.a.headers.authorization!.replace(/^Bearer /, "");
  const member = await createUser(w.t.db);
  await addMember(w.t.db, member.id, companyId, "member");
  memberToken = (await issueTokenFor(w.t.db, member.id)).accessToken;
  const admin = await createUser(w.t.db, { firstName: "Ada", lastName: "Admin" });
  await addMember(w.t.db, admin.id, companyId, "admin");
  adminToken = (await issueTokenFor(w.t.db, admin.id)).accessToken;
});
afterAll(async () => {
  await w.t.close();
});

const headers = (token = ownerToken, company = companyId) => apiHeaders(token, company);
const create = (payload: Json, token = ownerToken, company = companyId) =>
  w.t.app.inject({ method: "POST", url: "/app/products.json", headers: headers(token, company), payload });
const patch = (id: string, payload: Json, token = ownerToken, company = companyId) =>
  w.t.app.inject({ method: "PATCH", url: `/app/products/${id}.json`, headers: headers(token, company), payload });
const getOne = (id: string, token = ownerToken, company = companyId) =>
  w.t.app.inject({ method: "GET", url: `/app/products/${id}.json`, headers: headers(token, company) });
const list = (query = "", token = ownerToken, company = companyId) =>
  w.t.app.inject({ method: "GET", url: `/app/products.json${query}`, headers: headers(token, company) });
const upload = (content: string | Buffer, token = ownerToken, company = companyId) => {
  const { payload, contentType } = csvFile(content);
  return w.t.app.inject({
    method: "POST",
    url: "/app/products/import.json",
    headers: { ...headers(token, company), "content-type": contentType },
    payload,
  });
};
const exportCsv = (token = ownerToken, company = companyId) =>
  w.t.app.inject({ method: "GET", url: "/app/products/export.csv", headers: headers(token, company) });

/** Everything a catalog write touches, to prove a refused one wrote nothing. */
const snapshot = async () =>
  (
    await w.rows(
      sql`select
        (select count(*)::int from products) as products,
        (select count(*)::int from activities) as activities,
        (select coalesce(max(updated_at), 'epoch')::text from products) as last_update,
        (select string_agg(sku || ':' || unit_price_cents || ':' || active, ',' order by id) from products) as values`,
    )
  )[0];
const activitiesOf = (subjectId: string) =>
  w.rows(
    sql`select kind, actor_type, actor_name, subject_type, summary, details
        from activities where subject_id = ${subjectId} order by created_at, id`,
  );
const productBySku = async (sku: string, company = companyId) => {
  const [row] = await w.rows<{ id: string }>(
    sql`select id from products where company_id = ${company} and upper(sku) = upper(${sku})`,
  );
  return row!.id;
};

/** The AI employee's reply to one customer message sent through the channel API. */
async function askThroughChannel(question: string, customer: string) {
  const response = await w.send(w.a.channel.token, inbound(question, { externalId: customer }));
  expect(response.statusCode, response.body).toBe(202);
  const accepted = response.json() as { message_id: string; conversation_id: string };
  await w.settle();
  const [reply] = await w.rows<{ content: string }>(
    sql`select content from messages where reply_to_message_id = ${accepted.message_id} and sender_type = 'ai'`,
  );
  const [run] = await w.rows<{ steps: { kind: string; tool?: string; result?: Json }[] }>(
    sql`select steps from agent_runs where inbound_message_id = ${accepted.message_id}`,
  );
  return { reply: reply!.content, steps: run!.steps };
}

describe("POST /app/products.json", () => {
  it("adds a product with the defaults, in the company's currency, and records it", async () => {
    const response = await create({ sku: "  crate-1 ", name: " Plastic crate ", unit_price_cents: 950 });
    expect(response.statusCode, response.body).toBe(201);
    const product = response.json() as ProductJson;
    expect(productSchema.safeParse(camelizeKeys(product)).success).toBe(true);
    expect(product).toMatchObject({
      sku: "crate-1",
      name: "Plastic crate",
      description: "",
      measure_unit: "unit",
      unit_price_cents: 950,
      currency: "USD",
      stock: null,
      available: true,
      active: true,
    });
    expect(await activitiesOf(product.id)).toEqual([
      {
        kind: "product.created",
        actor_type: "user",
        actor_name: "Test User",
        subject_type: "product",
        summary: "Added Plastic crate (crate-1) to the catalog",
        details: { sku: "crate-1", name: "Plastic crate", unitPriceCents: 950, currency: "USD" },
      },
    ]);
  });

  it("takes every field, and lets an admin add products", async () => {
    const response = await create(
      {
        sku: "TAPE-48",
        name: "Packing tape",
        description: "48 mm, clear",
        measure_unit: "roll",
        unit_price_cents: 350,
        currency: "EUR",
        stock: 40,
        available: false,
        active: true,
      },
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ measure_unit: "roll", currency: "EUR", stock: 40, available: false });
  });

  it("answers 409 naming sku for a SKU the company has, whatever its case, and writes nothing", async () => {
    const before = await snapshot();
    const response = await create({ sku: "pal-01", name: "Another pallet", unit_price_cents: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "sku_taken",
      error_description: "The SKU pal-01 is already used by Wooden pallet (PAL-01)",
      details: [{ field: "sku", message: "Already used by Wooden pallet" }],
    });
    expect(await snapshot()).toEqual(before);
    // Another company's SKUs are its own.
    const globexToken = w.b.headers.authorization!.replace(/^Bearer /, "");
    const elsewhere = await create({ sku: "crate-1", name: "Crate", unit_price_cents: 1 }, globexToken, w.b.companyId);
    expect(elsewhere.statusCode).toBe(201);
  });

  it("adds one product when the same SKU is sent twice at once, answering the other 409", async () => {
    const answers = await Promise.all(
      ["RACE-1", "race-1"].map((sku) => create({ sku, name: "Racer", unit_price_cents: 100 })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      error: "sku_taken",
      details: [{ field: "sku" }],
    });
    const [row] = await w.rows<{ n: number }>(
      sql`select count(*)::int as n from products where company_id = ${companyId} and upper(sku) = 'RACE-1'`,
    );
    expect(row!.n).toBe(1);
  });

  it("refuses bad values naming the fields, and writes nothing", async () => {
    const before = await snapshot();
    for (const [payload, field] of [
      [{ name: "No SKU", unit_price_cents: 1 }, "sku"],
      [{ sku: "X", name: "Negative", unit_price_cents: -1 }, "unit_price_cents"],
      [{ sku: "X", name: "Cents", unit_price_cents: 1.5 }, "unit_price_cents"],
      [{ sku: "X", name: "Huge", unit_price_cents: 10_000_000_000 }, "unit_price_cents"],
      [{ sku: "X", name: "Money", unit_price_cents: 1, currency: "XYZ" }, "currency"],
      [{ sku: "X", name: "Stock", unit_price_cents: 1, stock: -2 }, "stock"],
      [{ sku: "x".repeat(65), name: "Long", unit_price_cents: 1 }, "sku"],
      [{ sku: "X", name: "", unit_price_cents: 1 }, "name"],
      [{ sku: "X", name: "Unit", unit_price_cents: 1, measure_unit: "u".repeat(21) }, "measure_unit"],
    ] as const) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().details.map((d: { field: string }) => d.field)).toEqual([field]);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe("PATCH /app/products/{id}.json", () => {
  let crate: string;
  beforeAll(async () => {
    crate = await productBySku("crate-1");
  });

  it("changes the fields sent, records them with before and after, and bumps updated_at", async () => {
    const before = (await getOne(crate)).json() as ProductJson;
    const response = await patch(crate, { unit_price_cents: 990, stock: 12, description: "Stackable" });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as ProductJson;
    expect(after).toMatchObject({ unit_price_cents: 990, stock: 12, description: "Stackable", name: "Plastic crate" });
    expect(Date.parse(String(after.updated_at))).toBeGreaterThan(Date.parse(String(before.updated_at)));
    const recorded = await activitiesOf(crate);
    expect(recorded.at(-1)).toEqual({
      kind: "product.updated",
      actor_type: "user",
      actor_name: "Test User",
      subject_type: "product",
      summary: "Edited Plastic crate (crate-1): description, unitPriceCents, stock",
      details: {
        description: { before: "", after: "Stackable" },
        unitPriceCents: { before: 950, after: 990 },
        stock: { before: null, after: 12 },
      },
    });
  });

  it("writes and records nothing for a patch that changes nothing", async () => {
    const before = await snapshot();
    const response = await patch(crate, { unit_price_cents: 990, name: "Plastic crate" });
    expect(response.statusCode).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("renames the SKU, to another case of itself too, and answers 409 for another product's", async () => {
    expect((await patch(crate, { sku: "CRATE-1" })).json()).toMatchObject({ sku: "CRATE-1" });
    const before = await snapshot();
    const taken = await patch(crate, { sku: "box-12" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: "sku_taken", details: [{ field: "sku" }] });
    expect(await snapshot()).toEqual(before);
  });

  it("deactivates with active: false and reactivates with active: true", async () => {
    expect((await patch(crate, { active: false })).json()).toMatchObject({ active: false });
    expect((await activitiesOf(crate)).at(-1)).toMatchObject({
      summary: "Deactivated Plastic crate (CRATE-1): active",
      details: { active: { before: true, after: false } },
    });
    expect((await patch(crate, { active: true })).json()).toMatchObject({ active: true });
  });

  it("answers 404 for another company's product, an unknown id and a malformed one, writing nothing", async () => {
    const foreign = await productBySku("PAL-01", w.b.companyId);
    const before = await snapshot();
    for (const id of [foreign, "7d1b3a54-2c1e-4c8e-9d3f-3c2b1a0f9e8d", "not-an-id"]) {
      for (const response of [await patch(id, { unit_price_cents: 1 }), await getOne(id)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: "not_found", error_description: "Product not found" });
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an empty patch and bad values naming them", async () => {
    const empty = await patch(crate, {});
    expect(empty.statusCode).toBe(400);
    const bad = await patch(crate, { active: "no" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: "active", message: "Must be true or false" }]);
  });
});

describe("a member (neither owner nor admin)", () => {
  it("gets 403 for every write, and nothing is written", async () => {
    const before = await snapshot();
    const crate = await productBySku("crate-1");
    const answers = await Promise.all([
      create({ sku: "NEW-1", name: "New", unit_price_cents: 1 }, memberToken),
      patch(crate, { active: false }, memberToken),
      upload("sku,name,unit_price\r\nNEW-2,New,1.00\r\n", memberToken),
    ]);
    for (const response of answers) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: "forbidden", error_description: MANAGER_ROLE_REQUIRED });
    }
    expect(await snapshot()).toEqual(before);
  });

  it("may list, read and export", async () => {
    expect((await list("", memberToken)).statusCode).toBe(200);
    expect((await getOne(await productBySku("PAL-01"), memberToken)).statusCode).toBe(200);
    expect((await exportCsv(memberToken)).statusCode).toBe(200);
  });
});

describe("GET /app/products.json", () => {
  let listCompany: string;
  let token: string;

  beforeAll(async () => {
    const user = await createUser(w.t.db);
    listCompany = (await createCompany(w.t.db, "Lister")).id;
    await addMember(w.t.db, user.id, listCompany, "owner");
    token = (await issueTokenFor(w.t.db, user.id)).accessToken;
    const catalog: [string, string, number][] = [
      ["C-3", "carton", 300],
      ["A-1", "Bucket", 100],
      ["b-2", "apron", 500],
      ["D-4", "Drum 50% recycled", 200],
      ["E-5", "Easel", 100],
    ];
    for (const [sku, name, unitPriceCents] of catalog) {
      const response = await create({ sku, name, unit_price_cents: unitPriceCents }, token, listCompany);
      expect(response.statusCode, response.body).toBe(201);
    }
    const easel = (await list("?q=easel", token, listCompany)).json().products[0];
    await patch(easel.id, { active: false }, token, listCompany);
  });

  const names = async (query: string) => {
    const response = await list(query, token, listCompany);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(productsPageSchema.safeParse(camelizeKeys(body)).success).toBe(true);
    return { names: body.products.map((p: ProductJson) => p.name), total: body.total };
  };

  it("lists every product by name, case-insensitively, with the total", async () => {
    expect(await names("")).toEqual({ names: ["apron", "Bucket", "carton", "Drum 50% recycled", "Easel"], total: 5 });
    expect((await names("?direction=desc")).names[0]).toBe("Easel");
  });

  it("sorts by SKU, price (ties by name), creation and last change", async () => {
    expect((await names("?sort=sku")).names).toEqual(["Bucket", "apron", "carton", "Drum 50% recycled", "Easel"]);
    expect((await names("?sort=unit_price")).names).toEqual([
      "Bucket",
      "Easel",
      "Drum 50% recycled",
      "carton",
      "apron",
    ]);
    expect((await names("?sort=created_at")).names).toEqual([
      "carton",
      "Bucket",
      "apron",
      "Drum 50% recycled",
      "Easel",
    ]);
    expect((await names("?sort=updated_at&direction=desc")).names[0]).toBe("Easel");
  });

  it("filters by active and by text in the SKU or name", async () => {
    expect(await names("?active=inactive")).toEqual({ names: ["Easel"], total: 1 });
    expect((await names("?active=active")).total).toBe(4);
    expect(await names("?q=B-2")).toEqual({ names: ["apron"], total: 1 });
    expect(await names("?q=BUCK")).toEqual({ names: ["Bucket"], total: 1 });
    expect(await names("?q=%25")).toEqual({ names: ["Drum 50% recycled"], total: 1 });
    expect(await names("?q=e&active=active")).toEqual({ names: ["Bucket", "Drum 50% recycled"], total: 2 });
  });

  it("pages without repeating or skipping, the total counting every match", async () => {
    const pages = await Promise.all([1, 2, 3].map((page) => names(`?per_page=2&page=${page}`)));
    expect(pages.flatMap((page) => page.names)).toEqual(["apron", "Bucket", "carton", "Drum 50% recycled", "Easel"]);
    expect(pages[2]!.total).toBe(5);
  });

  it("refuses bad parameters naming them", async () => {
    for (const query of ["?sort=colour", "?active=maybe", "?per_page=101", "?page=0", "?direction=up"]) {
      const response = await list(query, token, listCompany);
      expect(response.statusCode).toBe(400);
      expect(response.json().details[0].field).toBe(query.slice(1).split("=")[0]);
    }
  });

  it("never shows another company's products", async () => {
    expect((await names("?q=pallet")).total).toBe(0);
  });
});

describe("CSV import and export", () => {
  it("adds new SKUs and updates the products whose SKU exists, in any case, with the columns the file has", async () => {
    const jack = await productBySku("JACK-25");
    await patch(jack, { description: "Manual", stock: 3 });
    const text = [
      "sku,name,unit_price,stock,available",
      "DRUM-55,Steel drum,55.00,20,true",
      "LID-55,Drum lid,4.5,,yes",
      // An existing product: a new price and name; its description (not a column here) stays.
      "jack-25,Pallet jack 2.5 t,425.00,3,no",
      // The same values as the catalog has: left as it is.
      "BOX-12,Corrugated box 12in,24.00,,true",
    ].join("\r\n");
    const response = await upload(text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 2, updated: 1, unchanged: 1 });

    const { products } = (await list("?per_page=100")).json() as { products: ProductJson[] };
    const bySku = Object.fromEntries(products.map((p) => [p.sku, p]));
    expect(bySku["DRUM-55"]).toMatchObject({ name: "Steel drum", unit_price_cents: 5500, stock: 20, currency: "USD" });
    expect(bySku["LID-55"]).toMatchObject({ unit_price_cents: 450, stock: null, measure_unit: "unit" });
    expect(bySku["JACK-25"]).toMatchObject({
      name: "Pallet jack 2.5 t",
      unit_price_cents: 42_500,
      description: "Manual",
      stock: 3,
      available: false,
    });
    const [activity] = await w.rows(
      sql`select kind, subject_type, subject_id, summary, details from activities where company_id = ${companyId} and kind = 'products.imported'`,
    );
    expect(activity).toEqual({
      kind: "products.imported",
      subject_type: "company",
      subject_id: companyId,
      summary: "Imported the catalog: 2 added, 1 updated",
      details: { created: 2, updated: 1, unchanged: 1 },
    });
  });

  it("refuses a file with one bad row, naming its line and column, and writes nothing", async () => {
    const before = await snapshot();
    const text = [
      "sku,name,unit_price,currency",
      "NEW-1,Good,1.00,",
      "PAL-01,Repriced,19.00,USD",
      "NEW-2,Bad price,ten,USD",
      "NEW-3,Also good,3.00,eur",
    ].join("\r\n");
    const response = await upload(text);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      error: "validation_failed",
      error_description: "1 line has problems; nothing was imported",
      details: [{ line: 4, column: "unit_price", message: expect.stringMatching(/^Must be an amount like 18.00/) }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a SKU twice in one file and unknown columns, writing nothing", async () => {
    const before = await snapshot();
    const twice = await upload("sku,name,unit_price\r\nX-1,One,1\r\nx-1,Two,2\r\n");
    expect(twice.statusCode).toBe(422);
    expect(twice.json().details).toEqual([{ line: 3, column: "sku", message: "x-1 is also on line 2" }]);
    const unknown = await upload("sku,name,unit_price,colour\r\nX-1,One,1,red\r\n");
    expect(unknown.json().details).toEqual([
      { line: 1, column: "colour", message: expect.stringMatching(/^Unknown column/) },
    ]);
    const empty = await upload("sku,name,unit_price\r\n");
    expect(empty.statusCode).toBe(422);
    expect(await snapshot()).toEqual(before);
  });

  it("exports every product with the import's columns, and the export imports back unchanged", async () => {
    await patch(await productBySku("LID-55"), { description: 'Fits "DRUM-55",\nsnap-on', currency: "EUR" });
    await create({ sku: "=FORMULA", name: "+1 risky", unit_price_cents: 1, active: false });
    const response = await exportCsv();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="products.csv"');
    const csv = response.body;
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(PRODUCT_CSV_COLUMNS.join(","));
    expect(csv).toContain('LID-55,Drum lid,"Fits ""DRUM-55"",\nsnap-on",unit,4.50,EUR,,true,true\r\n');
    expect(csv).toContain("'=FORMULA,'+1 risky,,unit,0.01,USD,,true,false\r\n");

    // Into the same company: nothing to change, nothing written.
    const before = await snapshot();
    const again = await upload(csv);
    expect(again.statusCode, again.body).toBe(200);
    const total = (await list()).json().total as number;
    expect(again.json()).toEqual({ created: 0, updated: 0, unchanged: total });
    expect(await snapshot()).toEqual(before);

    // Into a new company: the same products.
    const user = await createUser(w.t.db);
    const target = (await createCompany(w.t.db, "Target")).id;
    await addMember(w.t.db, user.id, target, "owner");
    const token = (await issueTokenFor(w.t.db, user.id)).accessToken;
    const copied = await upload(csv, token, target);
    expect(copied.json()).toEqual({ created: total, updated: 0, unchanged: 0 });
    const comparable = (p: ProductJson) => {
      const { id: _id, created_at: _created, updated_at: _updated, ...rest } = p;
      return rest;
    };
    const source = (await list("?per_page=100&sort=sku")).json().products as ProductJson[];
    const copy = (await list("?per_page=100&sort=sku", token, target)).json().products as ProductJson[];
    expect(copy.map(comparable)).toEqual(source.map(comparable));
    expect((await exportCsv(token, target)).body).toBe(csv);
  });

  it("refuses more than 10,000 rows with 422 and more than 2 MB with 413, writing nothing", async () => {
    const before = await snapshot();
    const rowsText = Array.from({ length: 10_001 }, (_, i) => `BULK-${i},Bulk ${i},1.00`).join("\r\n");
    const tooMany = await upload(`sku,name,unit_price\r\n${rowsText}\r\n`);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ error: "too_many_rows" });
    const tooBig = await upload(`sku,name,unit_price,description\r\nBIG,Big,1,${"x".repeat(2 * 1024 * 1024)}\r\n`);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ error: "payload_too_large" });
    expect(await snapshot()).toEqual(before);
  });

  it("takes a file of 10,000 rows over 1 MB in one go", async () => {
    const user = await createUser(w.t.db);
    const bulk = (await createCompany(w.t.db, "Bulk")).id;
    await addMember(w.t.db, user.id, bulk, "owner");
    const token = (await issueTokenFor(w.t.db, user.id)).accessToken;
    const rowsText = Array.from(
      { length: 10_000 },
      (_, i) =>
        `BULK-${i},Bulk product number ${i},${i}.99,${i},true,A description of product ${i}: ${"text ".repeat(8)}`,
    ).join("\r\n");
    const text = `sku,name,unit_price,stock,active,description\r\n${rowsText}\r\n`;
    expect(text.length).toBeGreaterThan(1024 * 1024);
    const first = await upload(text, token, bulk);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ created: 10_000, updated: 0, unchanged: 0 });
    const second = await upload(text.replace("BULK-7,Bulk product number 7,7.99", "bulk-7,Renamed,8.00"), token, bulk);
    expect(second.json()).toEqual({ created: 0, updated: 1, unchanged: 9_999 });
  });

  it("refuses a body without a file field, a file that is not UTF-8 and a broken CSV", async () => {
    const before = await snapshot();
    const noFile = csvFile("sku\r\n", "other");
    const missing = await w.t.app.inject({
      method: "POST",
      url: "/app/products/import.json",
      headers: { ...headers(), "content-type": noFile.contentType },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    const json = await w.t.app.inject({
      method: "POST",
      url: "/app/products/import.json",
      headers: headers(),
      payload: {},
    });
    expect(json.statusCode).toBe(400);
    const latin1 = await upload(Buffer.from([0x73, 0x6b, 0x75, 0x0d, 0x0a, 0xe9, 0xff]));
    expect(latin1.statusCode).toBe(422);
    const broken = await upload('sku,name,unit_price\r\nA,"B"x,1\r\n');
    expect(broken.json().details).toEqual([
      { line: 2, column: "name", message: "Unexpected text after a closing quote" },
    ]);
    expect(await snapshot()).toEqual(before);
  });
});

describe("what the AI employees offer", () => {
  it("quotes an imported product at the price set afterwards through the channel API", async () => {
    const imported = await upload("sku,name,unit_price\r\nKEG-30,Stainless keg,80.00\r\n");
    expect(imported.json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    const keg = await productBySku("KEG-30");
    expect((await patch(keg, { unit_price_cents: 7_250, stock: 6 })).statusCode).toBe(200);

    const { reply, steps } = await askThroughChannel("How much is a stainless keg?", "cust-keg");
    expect(reply).toContain("Stainless keg");
    expect(reply).toContain("$72.50");
    expect(reply).not.toContain("$80.00");
    const lookup = steps.find((step) => step.tool === "find_products");
    expect(lookup?.result).toMatchObject({
      products: [{ sku: "KEG-30", unitPriceCents: 7_250, available: true, stock: 6, price: "$72.50" }],
    });
  });

  it("no longer finds, suggests or quotes a deactivated product", async () => {
    const keg = await productBySku("KEG-30");
    expect((await patch(keg, { active: false })).statusCode).toBe(200);
    const { reply, steps } = await askThroughChannel("How much is a stainless keg?", "cust-keg-2");
    expect(reply).not.toContain("keg");
    const lookup = steps.find((step) => step.tool === "find_products")?.result as {
      products: Json[];
      suggestions?: Json[];
    };
    expect(lookup.products).toEqual([]);
    expect((lookup.suggestions ?? []).map((p) => p.sku)).not.toContain("KEG-30");
    // A quote naming its SKU is refused as not in the catalog.
    expect(await priceLines(w.t.db, companyId, [{ sku: "keg-30", quantity: 1 }])).toEqual({
      priced: [],
      unknown: ["KEG-30"],
      refused: [],
    });
    const still = await priceLines(w.t.db, companyId, [{ sku: CATALOG[0].sku, quantity: 2 }]);
    expect(still.priced).toMatchObject([{ sku: "PAL-01", totalCents: 3600 }]);

    // Back on sale, it is offered again.
    await patch(keg, { active: true });
    expect((await askThroughChannel("How much is a stainless keg?", "cust-keg-3")).reply).toContain("$72.50");
  });
});
