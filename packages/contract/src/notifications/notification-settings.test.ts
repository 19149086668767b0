import { describe, expect, it } from "vitest";
import { fieldErrors } from "../validation.ts";
import { NOTIFICATION_KINDS } from "./notification-kinds.ts";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KIND_HEADINGS,
  NOTIFICATION_KIND_PREFERENCE,
  NOTIFICATION_PREFERENCE_KEYS,
  NOTIFICATION_PREFERENCE_LABELS,
  notificationPreferencesPatchSchema,
} from "./notification-settings.ts";

describe("notification preferences", () => {
  it("defaults to every mail but the digest, and the toasts on", () => {
    expect(DEFAULT_NOTIFICATION_PREFERENCES).toEqual({
      emailActionItems: true,
      emailTicketsAssigned: true,
      emailHandoffs: true,
      emailDailyDigest: false,
      toasts: true,
    });
  });

  it("gives every kind of mail its own switch and heading, and every switch a label", () => {
    for (const kind of NOTIFICATION_KINDS) {
      expect(NOTIFICATION_PREFERENCE_KEYS).toContain(NOTIFICATION_KIND_PREFERENCE[kind]);
      expect(NOTIFICATION_KIND_HEADINGS[kind]).not.toBe("");
    }
    expect(new Set(Object.values(NOTIFICATION_KIND_PREFERENCE)).size).toBe(NOTIFICATION_KINDS.length);
    for (const key of NOTIFICATION_PREFERENCE_KEYS) expect(NOTIFICATION_PREFERENCE_LABELS[key].label).not.toBe("");
  });

  it("takes a patch of some switches, each true or false", () => {
    expect(notificationPreferencesPatchSchema.parse({ toasts: false })).toEqual({ toasts: false });
    expect(notificationPreferencesPatchSchema.parse({ emailDailyDigest: true, emailHandoffs: false })).toEqual({
      emailDailyDigest: true,
      emailHandoffs: false,
    });
  });

  it("refuses a patch that changes nothing, and a switch that is not a boolean, naming it", () => {
    const empty = notificationPreferencesPatchSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(fieldErrors(empty.error!)).toEqual([{ field: "body", message: "Nothing to change" }]);
    const unknownOnly = notificationPreferencesPatchSchema.safeParse({ sms: true });
    expect(unknownOnly.success).toBe(false);
    const text = notificationPreferencesPatchSchema.safeParse({ toasts: "off" });
    expect(fieldErrors(text.error!)).toEqual([{ field: "toasts", message: "Must be true or false" }]);
    const nothing = notificationPreferencesPatchSchema.safeParse({ emailActionItems: null });
    expect(fieldErrors(nothing.error!)).toEqual([{ field: "emailActionItems", message: "Must be true or false" }]);
  });
});
