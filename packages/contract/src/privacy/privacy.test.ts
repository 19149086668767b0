import { describe, expect, it } from "vitest";
import {
  companyDeletionRequestSchema,
  DELETION_GRACE_DAYS,
  deletionConfirmed,
  deletionDueAt,
  deletionRestorable,
} from "./company-deletion.ts";
import { EXPORT_LINK_HOURS, exportDownloadable, exportFileName, exportLinkExpiry } from "./data-export.ts";
import { privacyPatchSchema } from "./privacy-settings.ts";
import { RETENTION_DAY_CHOICES, RETENTION_DAYS_MESSAGE, retentionCutoff, retentionLabel } from "./retention.ts";

const DAY = 86_400_000;

describe("the retention setting", () => {
  it("takes whole days from 1 to 3650, or null for forever", () => {
    for (const days of [1, ...RETENTION_DAY_CHOICES, 3650, null])
      expect(privacyPatchSchema.parse({ retentionDays: days })).toEqual({ retentionDays: days });
  });

  it("refuses anything else with one message naming the range", () => {
    for (const value of [0, -30, 3651, 30.5, "30", true, undefined]) {
      const parsed = privacyPatchSchema.safeParse({ retentionDays: value });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(RETENTION_DAYS_MESSAGE);
    }
  });

  it("says the period in words", () => {
    expect(RETENTION_DAY_CHOICES.map(retentionLabel)).toEqual(["30 days", "90 days", "180 days", "1 year", "2 years"]);
    expect(retentionLabel(null)).toBe("Forever");
    expect(retentionLabel(1)).toBe("1 day");
  });

  it("cuts off exactly N days before now, and nothing when kept forever", () => {
    const now = new Date("2026-11-28T02:00:00Z");
    expect(retentionCutoff(30, now)?.toISOString()).toBe("2026-10-29T02:00:00.000Z");
    expect(retentionCutoff(null, now)).toBeNull();
  });
});

describe("deleting a company", () => {
  it("is confirmed only by the company's exact name (spaces around it aside)", () => {
    expect(deletionConfirmed("Northwind Foods", "Northwind Foods")).toBe(true);
    expect(deletionConfirmed("  Northwind Foods ", "Northwind Foods")).toBe(true);
    expect(deletionConfirmed("northwind foods", "Northwind Foods")).toBe(false);
    expect(deletionConfirmed("Northwind", "Northwind Foods")).toBe(false);
    expect(deletionConfirmed("", "Northwind Foods")).toBe(false);
    expect(deletionConfirmed("   ", "   ")).toBe(false);
  });

  it("needs a confirm text in the request", () => {
    expect(companyDeletionRequestSchema.safeParse({}).success).toBe(false);
    expect(companyDeletionRequestSchema.safeParse({ confirm: 42 }).success).toBe(false);
    expect(companyDeletionRequestSchema.safeParse({ confirm: "x".repeat(501) }).success).toBe(false);
    expect(companyDeletionRequestSchema.parse({ confirm: "Acme" })).toEqual({ confirm: "Acme" });
  });

  it("is carried out after the grace period, and can be undone until then", () => {
    const requested = new Date("2026-11-01T10:00:00Z");
    const due = deletionDueAt(requested);
    expect(due.getTime() - requested.getTime()).toBe(DELETION_GRACE_DAYS * DAY);
    expect(deletionRestorable(requested, new Date(due.getTime() - 1))).toBe(true);
    expect(deletionRestorable(requested, due)).toBe(false);
  });
});

describe("a data export", () => {
  it("can be downloaded while ready and its link has not run out", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const expiresAt = exportLinkExpiry(new Date(now.getTime() - 1000)).toISOString();
    expect(new Date(expiresAt).getTime() - now.getTime()).toBe(EXPORT_LINK_HOURS * 3_600_000 - 1000);
    expect(exportDownloadable({ state: "ready", expiresAt }, now)).toBe(true);
    expect(exportDownloadable({ state: "ready", expiresAt }, new Date(expiresAt))).toBe(false);
    expect(exportDownloadable({ state: "running", expiresAt: null }, now)).toBe(false);
  });

  it("is named after the company and the day, safely", () => {
    const day = new Date("2026-11-28T23:59:00Z");
    expect(exportFileName("Northwind Foods", day)).toBe("foreman-export-northwind-foods-2026-11-28.zip");
    expect(exportFileName("Café ../../etc", day)).toBe("foreman-export-cafe-etc-2026-11-28.zip");
    expect(exportFileName("東京", day)).toBe("foreman-export-company-2026-11-28.zip");
  });
});
