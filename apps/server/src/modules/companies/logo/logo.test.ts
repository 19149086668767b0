import { randomBytes } from "node:crypto";
import { LOGO_MAX_BYTES, LOGO_NOT_AN_IMAGE, LOGO_SIZE_PX, LOGO_TOO_LARGE } from "@foreman/contract";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#server/test/app.ts";
import { addMember, apiHeaders, createMember, createUser, issueTokenFor } from "#server/test/fixtures.ts";
import { multipartFile } from "#server/test/multipart.ts";
import { rows } from "#server/test/sales-setup.ts";
import { LOGO_TOO_MANY_PIXELS } from "./logo-image.ts";

// The company logo: uploaded by owners and admins as PNG, JPEG or WebP (judged by its bytes), served
// re-encoded as a 128 px WebP square at a public, content-named URL that /app/me.json gives every member.

const solid = (width: number, height: number, background = { r: 200, g: 30, b: 60, alpha: 1 }) =>
  sharp({ create: { width, height, channels: 4, background } });

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(document.cookie)</script><rect width="64" height="64" fill="red"/></svg>',
);

describe("the company logo", () => {
  let t: TestApp;
  let companyId: string;
  let otherCompanyId: string;
  let owner: Record<string, string>;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    const created = await createMember(t.db, "Logo Co");
    companyId = created.company.id;
    owner = apiHeaders((await issueTokenFor(t.db, created.user.id)).accessToken, companyId);
    const adminUser = await createUser(t.db);
    await addMember(t.db, adminUser.id, companyId, "admin");
    admin = apiHeaders((await issueTokenFor(t.db, adminUser.id)).accessToken, companyId);
    const memberUser = await createUser(t.db);
    await addMember(t.db, memberUser.id, companyId, "member");
    member = apiHeaders((await issueTokenFor(t.db, memberUser.id)).accessToken, companyId);
    otherCompanyId = (await createMember(t.db, "Elsewhere Ltd")).company.id;
    png = await solid(300, 200).png().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts without a logo, and with none of the earlier tests' logo activities.
  beforeEach(async () => {
    await t.app.inject({ method: "DELETE", url: `/app/companies/${companyId}/logo.json`, headers: owner });
    await t.db.execute(sql`delete from activities where company_id = ${companyId} and kind like 'company.logo_%'`);
  });

  const upload = (
    file: { fileName: string; bytes: Uint8Array | string; contentType?: string; field?: string },
    headers = owner,
    pathId = companyId,
  ) => {
    const body = multipartFile(file);
    return t.app.inject({
      method: "POST",
      url: `/app/companies/${pathId}/logo.json`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const meCompany = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: "GET", url: "/app/me.json", headers })).json().company;
  const served = (url: string) => t.app.inject({ method: "GET", url });
  const stored = () => rows(t.db, sql`select sha256, content_type from company_logos where company_id = ${companyId}`);
  const logged = () =>
    rows(
      t.db,
      sql`select kind, summary from activities where company_id = ${companyId} and kind like 'company.logo_%' order by created_at, kind`,
    );

  /** Uploads, expects 200, and returns the served image with its decoded metadata. */
  async function accepted(fileName: string, bytes: Buffer, headers = owner) {
    const response = await upload({ fileName, bytes, contentType: "image/png" }, headers);
    expect(response.statusCode, response.body).toBe(200);
    const url: string = response.json().logo_small_url;
    expect(url).toMatch(/^\/logos\/[0-9a-f]{64}\.webp$/);
    const file = await served(url);
    expect(file.statusCode).toBe(200);
    return { url, image: file.rawPayload, metadata: await sharp(file.rawPayload).metadata() };
  }

  it.each([
    ["PNG", "logo.png", () => solid(300, 200).png().toBuffer()],
    ["JPEG", "logo.jpg", () => solid(90, 400).jpeg().toBuffer()],
    ["WebP", "logo.webp", () => solid(1000, 1000).webp().toBuffer()],
  ])("accepts a %s and serves it as a %d px WebP square", async (_format, fileName, make) => {
    const { url, image, metadata } = await accepted(fileName, await make());
    expect(metadata).toMatchObject({ format: "webp", width: LOGO_SIZE_PX, height: LOGO_SIZE_PX });
    // Named by the hash of what is served.
    const { createHash } = await import("node:crypto");
    expect(url).toBe(`/logos/${createHash("sha256").update(image).digest("hex")}.webp`);
    expect(await stored()).toEqual([{ sha256: url.slice(7, 71), content_type: "image/webp" }]);
  });

  it("drops the upload's metadata and turns a photo upright by its EXIF orientation", async () => {
    // Left half red, right half blue, tagged "rotate 90° clockwise to view": upright, red is on top.
    const halves = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#0000ff" } })
      .composite([
        { input: { create: { width: 200, height: 200, channels: 3, background: "#ff0000" } }, left: 0, top: 0 },
      ])
      .png()
      .toBuffer();
    const jpeg = await sharp(halves)
      .jpeg()
      .withExif({ IFD0: { Copyright: "Secret Corp", Artist: "Jane at 51.5N 0.12W" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();

    const { image, metadata } = await accepted("photo.jpg", jpeg);
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(image.includes("Secret Corp")).toBe(false);
    expect(image.includes("Jane")).toBe(false);
    const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [topR, , topB] = pixel(64, 10);
    const [bottomR, , bottomB] = pixel(64, 118);
    expect(topR).toBeGreaterThan(200);
    expect(topB).toBeLessThan(60);
    expect(bottomB).toBeGreaterThan(200);
    expect(bottomR).toBeLessThan(60);
  });

  it("refuses what is not a PNG, JPEG or WebP by its bytes, whatever its name, and writes nothing", async () => {
    const gif = await solid(32, 32).gif().toBuffer();
    const cases: [string, Buffer | string, string][] = [
      ["an SVG with a script", SVG_WITH_SCRIPT, "logo.svg"],
      ["an SVG renamed .png", SVG_WITH_SCRIPT, "logo.png"],
      ["a GIF", gif, "logo.gif"],
      ["a GIF renamed .png", gif, "logo.png"],
      ["text renamed .png", "just some text, not an image", "logo.png"],
      ["an empty file", "", "logo.png"],
      ["a PNG cut short", png.subarray(0, Math.floor(png.length / 2)), "logo.png"],
      ["a PNG signature on a GIF", Buffer.concat([png.subarray(0, 8), gif]), "logo.png"],
      ["HTML after a JPEG signature", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from("<html>")]), "a.jpg"],
    ];
    for (const [label, bytes, fileName] of cases) {
      const response = await upload({ fileName, bytes, contentType: "image/png" });
      expect(response.statusCode, `${label}: ${response.body}`).toBe(422);
      expect(response.json(), label).toEqual({ error: "validation_failed", error_description: LOGO_NOT_AN_IMAGE });
    }
    expect(await stored()).toEqual([]);
    expect(await meCompany(owner)).toMatchObject({ logo_small_url: null });
    expect(await logged()).toEqual([]);
  });

  it("refuses an image that declares more than 4096 × 4096 pixels before decoding it", async () => {
    const huge = await solid(4100, 4100).png({ compressionLevel: 9 }).toBuffer();
    expect(huge.length).toBeLessThan(LOGO_MAX_BYTES);
    const response = await upload({ fileName: "huge.png", bytes: huge });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error_description).toBe(LOGO_TOO_MANY_PIXELS);
    expect(await stored()).toEqual([]);
  });

  it("refuses a file over 2 MB with 413, and keeps the logo it had", async () => {
    const { url } = await accepted("logo.png", png);
    const tooLarge = Buffer.concat([png.subarray(0, 8), randomBytes(LOGO_MAX_BYTES + 1 - 8)]);
    const response = await upload({ fileName: "big.png", bytes: tooLarge });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "payload_too_large", error_description: LOGO_TOO_LARGE });
    expect(await meCompany(owner)).toMatchObject({ logo_small_url: url });
  });

  it("refuses a body that is not a multipart upload of one file named file", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: `/app/companies/${companyId}/logo.json`,
      headers: owner,
      payload: { file: png.toString("base64") },
    });
    expect(json.statusCode).toBe(415);
    const wrongField = await upload({ fileName: "logo.png", bytes: png, field: "image" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error_description).toBe("Send the logo in a multipart field named file");
    expect(await stored()).toEqual([]);
  });

  it("lets an admin change it; a member gets 403 for an upload and a removal, changing nothing", async () => {
    const { url } = await accepted("logo.png", png, admin);
    const refused = await upload({ fileName: "mine.png", bytes: await solid(50, 50).png().toBuffer() }, member);
    expect(refused.statusCode).toBe(403);
    const refusedRemoval = await t.app.inject({
      method: "DELETE",
      url: `/app/companies/${companyId}/logo.json`,
      headers: member,
    });
    expect(refusedRemoval.statusCode).toBe(403);
    expect(await meCompany(owner)).toMatchObject({ logo_small_url: url });
    expect((await logged()).map((row) => row.kind)).toEqual(["company.logo_changed"]);
  });

  it("answers 404 for another company's id in the path, as for one that does not exist", async () => {
    for (const pathId of [otherCompanyId, crypto.randomUUID(), "not-a-uuid"]) {
      const uploaded = await upload({ fileName: "logo.png", bytes: png }, owner, pathId);
      expect(uploaded.statusCode, pathId).toBe(404);
      const removed = await t.app.inject({
        method: "DELETE",
        url: `/app/companies/${pathId}/logo.json`,
        headers: owner,
      });
      expect(removed.statusCode, pathId).toBe(404);
    }
    const other = await rows(t.db, sql`select logo_small_url from companies where id = ${otherCompanyId}`);
    expect(other).toEqual([{ logo_small_url: null }]);
    expect(await stored()).toEqual([]);
  });

  it("shows the new logo in /app/me.json to every member at once, with its activity", async () => {
    // Read first, so a cached answer would show the old logo if the change did not reach the cache.
    for (const headers of [owner, admin, member])
      expect(await meCompany(headers)).toMatchObject({ logo_small_url: null });
    const { url } = await accepted("logo.png", png);
    for (const headers of [owner, admin, member])
      expect(await meCompany(headers)).toMatchObject({ logo_small_url: url });
    const next = await accepted("next.png", await solid(64, 64, { r: 0, g: 128, b: 0, alpha: 1 }).png().toBuffer());
    expect(next.url).not.toBe(url);
    expect(await meCompany(member)).toMatchObject({ logo_small_url: next.url });
    // One logo per company: the old one is no longer served.
    expect((await served(url)).statusCode).toBe(404);
    expect(await logged()).toEqual([
      { kind: "company.logo_changed", summary: "Changed the company logo" },
      { kind: "company.logo_changed", summary: "Changed the company logo" },
    ]);
  });

  it("removes the logo: initials again for everyone, the file gone, the removal logged once", async () => {
    const { url } = await accepted("logo.png", png);
    expect(await meCompany(member)).toMatchObject({ logo_small_url: url });
    const removed = await t.app.inject({
      method: "DELETE",
      url: `/app/companies/${companyId}/logo.json`,
      headers: admin,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ logo_small_url: null });
    expect(await meCompany(member)).toMatchObject({ logo_small_url: null });
    expect((await served(url)).statusCode).toBe(404);
    expect(await stored()).toEqual([]);
    // Removing when there is none is answered the same and logs nothing more.
    const again = await t.app.inject({
      method: "DELETE",
      url: `/app/companies/${companyId}/logo.json`,
      headers: owner,
    });
    expect(again.json()).toEqual({ logo_small_url: null });
    expect((await logged()).map((row) => row.kind)).toEqual(["company.logo_changed", "company.logo_removed"]);
  });

  it("serves the file publicly with headers that keep it an inert, cacheable image", async () => {
    const { url } = await accepted("logo.png", png);
    // No bearer token, no company header: an <img> sends neither.
    const response = await served(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      "content-type": "image/webp",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'",
    });
    expect(Number(response.headers["content-length"])).toBe(response.rawPayload.length);
    const head = await t.app.inject({ method: "HEAD", url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/webp");
  });

  it("answers 404 for any other name under /logos", async () => {
    const { url } = await accepted("logo.png", png);
    const hash = url.slice(7, 71);
    for (const name of [
      `${"0".repeat(64)}.webp`,
      `${hash.toUpperCase()}.webp`,
      `${hash}.png`,
      `${hash}.webp.svg`,
      hash,
      `${hash.slice(1)}.webp`,
      "..%2F..%2Fetc%2Fpasswd",
    ]) {
      const response = await served(`/logos/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.headers["content-type"], name).toMatch(/^application\/json/);
    }
  });
});
