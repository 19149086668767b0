import { z } from "zod";

// Phone numbers (/phones): bought from the telephony provider (Twilio, or the built-in simulated one),
// each answered by one AI employee, each $3.00 a month from the day it was bought to the day it was
// released.

/** What a number costs a month, in US cents (spec: "A new phone number costs $3.00 per month"). */
export const PHONE_NUMBER_MONTHLY_CENTS = 300;
export const PHONE_NUMBER_CURRENCY = "USD";

export const TELEPHONY_PROVIDERS = ["twilio", "simulated"] as const;
export type TelephonyProviderKind = (typeof TELEPHONY_PROVIDERS)[number];

export const PHONE_NUMBER_STATUSES = ["active", "released"] as const;
export type PhoneNumberStatus = (typeof PHONE_NUMBER_STATUSES)[number];

/** The countries numbers can be searched in: ISO 3166 alpha-2 codes (Twilio's `country_code`). */
export const PHONE_COUNTRIES = [
  { code: "US", name: "United States", dialCode: "+1" },
  { code: "CA", name: "Canada", dialCode: "+1" },
  { code: "GB", name: "United Kingdom", dialCode: "+44" },
  { code: "AU", name: "Australia", dialCode: "+61" },
  { code: "ES", name: "Spain", dialCode: "+34" },
  { code: "MX", name: "Mexico", dialCode: "+52" },
  { code: "CL", name: "Chile", dialCode: "+56" },
  { code: "BR", name: "Brazil", dialCode: "+55" },
  { code: "DE", name: "Germany", dialCode: "+49" },
  { code: "FR", name: "France", dialCode: "+33" },
] as const;
export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]["code"];
export const PHONE_COUNTRY_CODES = PHONE_COUNTRIES.map((country) => country.code) as [
  PhoneCountryCode,
  ...PhoneCountryCode[],
];

/** A number in E.164: a plus, a country code, up to 15 digits in all. */
export const e164Schema = z
  .string()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { error: "Enter the number in international format, like +15550100123" });

export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .pipe(z.enum(PHONE_COUNTRY_CODES, { error: "Choose one of the listed countries" }));

export const phoneCapabilitiesSchema = z.object({ voice: z.boolean(), sms: z.boolean(), mms: z.boolean() });
export type PhoneCapabilities = z.infer<typeof phoneCapabilitiesSchema>;

// ---------------------------------------------------------------------------------------------------
// Searching and buying.

/** `GET /app/phone_numbers/available.json?country_code=US&area_code=415&contains=77` (the US when no country is given). */
export const availableNumbersQuerySchema = z.object({
  countryCode: countryCodeSchema.default("US"),
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{2,5}$/, { error: "An area code is 2 to 5 digits" })
    .optional(),
  /** Digits the number must contain (Twilio's `Contains`; `*` stands for any digit). */
  contains: z
    .string()
    .trim()
    .regex(/^[\d*]{2,10}$/, { error: "Enter 2 to 10 digits to look for" })
    .optional(),
});
export type AvailableNumbersQuery = z.infer<typeof availableNumbersQuerySchema>;

export const availableNumberSchema = z.object({
  phoneNumber: z.string(),
  /** How the provider writes it for people: "(555) 010-0123". */
  friendlyName: z.string(),
  locality: z.string().nullable(),
  region: z.string().nullable(),
  countryCode: z.string(),
  capabilities: phoneCapabilitiesSchema,
  monthlyCostCents: z.number().int(),
  currency: z.string(),
  /** The country needs an address or regulatory bundle before this number can be bought. */
  addressRequired: z.boolean(),
});
export type AvailableNumber = z.infer<typeof availableNumberSchema>;
export const availableNumbersSchema = z.object({ availableNumbers: z.array(availableNumberSchema) });
export type AvailableNumbers = z.infer<typeof availableNumbersSchema>;

/** `POST /app/phone_numbers.json`: buy one of the numbers the search offered. */
export const buyPhoneNumberSchema = z.object({
  phoneNumber: e164Schema,
  name: z.string().trim().min(1).max(60, { error: "A name is at most 60 characters" }).optional(),
  aiEmployeeId: z.string().uuid({ error: "Choose an AI employee" }).nullable().optional(),
});
export type BuyPhoneNumber = z.infer<typeof buyPhoneNumberSchema>;

/** `PATCH /app/phone_numbers/{id}.json`: rename, or assign to another AI employee (null: none). */
export const updatePhoneNumberSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { error: "A name can't be empty" })
      .max(60, { error: "A name is at most 60 characters" })
      .optional(),
    aiEmployeeId: z.string().uuid({ error: "Choose an AI employee" }).nullable().optional(),
  })
  .refine((value) => value.name !== undefined || value.aiEmployeeId !== undefined, {
    error: "Send a name or an AI employee to change",
  });
export type UpdatePhoneNumber = z.infer<typeof updatePhoneNumberSchema>;

// ---------------------------------------------------------------------------------------------------
// The company's numbers.

export const phoneNumberSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  /** The company's name for it ("Support line"); the provider's friendly form when never named. */
  name: z.string(),
  countryCode: z.string(),
  locality: z.string().nullable(),
  capabilities: phoneCapabilitiesSchema,
  /** Who answers it; null: nobody (calls are told the line is not in service). */
  aiEmployee: z.object({ id: z.string(), name: z.string(), departmentName: z.string().nullable() }).nullable(),
  status: z.enum(PHONE_NUMBER_STATUSES),
  monthlyCostCents: z.number().int(),
  currency: z.string(),
  provider: z.enum(TELEPHONY_PROVIDERS),
  purchasedAt: z.string(),
  releasedAt: z.string().nullable(),
});
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

/** `GET /app/phone_numbers.json`: the active numbers, newest first, and the provider in use. */
export const phoneNumbersSchema = z.object({
  phoneNumbers: z.array(phoneNumberSchema),
  total: z.number().int(),
  provider: z.enum(TELEPHONY_PROVIDERS),
});
export type PhoneNumbers = z.infer<typeof phoneNumbersSchema>;

// ---------------------------------------------------------------------------------------------------
// The company's call settings (`GET`/`PATCH /app/call_settings.json`).

export const callSettingsSchema = z.object({
  /** Calls are recorded, and callers told so at the start. */
  recordingEnabled: z.boolean(),
  /** Where a hand-off to a person is dialled; null: the AI takes a message and opens an action item. */
  fallbackNumber: z.string().nullable(),
});
export type CallSettings = z.infer<typeof callSettingsSchema>;
export const updateCallSettingsSchema = z
  .object({
    // Its documented example is the default, so a client sending the example changes nothing.
    recordingEnabled: z
      .boolean()
      .meta({ examples: [false] })
      .optional(),
    fallbackNumber: e164Schema.nullable().optional(),
  })
  .refine((value) => value.recordingEnabled !== undefined || value.fallbackNumber !== undefined, {
    error: "Send a setting to change",
  });
export type UpdateCallSettings = z.infer<typeof updateCallSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// Messages people read.

export const PHONES_ADMIN_ONLY = "Only owners and admins can buy or release phone numbers";
/** Twilio 21422, and our simulated provider's same case. */
export const NUMBER_UNAVAILABLE = "That number is no longer available: search again and pick another";
/** Twilio 21421. */
export const NUMBER_INVALID = "That is not a phone number that can be bought";
/** Twilio 21452. */
export const NO_NUMBERS_FOUND = "No numbers are available there: try another area code or none";
export const NUMBER_ALREADY_OWNED = "This company already has that number";
/** Twilio 21615: the country wants an address (or regulatory bundle) on file first. */
export const NUMBER_ADDRESS_REQUIRED =
  "That number needs an address on file with the phone provider first: pick one that needs none";
export const TELEPHONY_UNREACHABLE = "The phone provider did not answer: try again in a minute";

// ---------------------------------------------------------------------------------------------------
// Reading numbers.

// Canada's area codes: +1 is shared by the North American Numbering Plan.
const CANADIAN_AREA_CODES = new Set(
  "204 226 236 249 250 257 263 289 306 343 354 365 367 368 382 387 403 416 418 428 431 437 438 450 460 468 474 506 514 519 548 579 581 584 587 604 613 639 647 672 683 705 709 742 753 778 780 782 807 819 825 867 873 879 902 905".split(
    " ",
  ),
);

/** The listed country a number in E.164 belongs to, by its dialling code; null for any other. */
export function countryOfPhoneNumber(e164: string): PhoneCountryCode | null {
  if (!/^\+\d+$/.test(e164)) return null;
  if (e164.startsWith("+1")) return CANADIAN_AREA_CODES.has(e164.slice(2, 5)) ? "CA" : "US";
  return PHONE_COUNTRIES.find((country) => e164.startsWith(country.dialCode))?.code ?? null;
}

/**
 * How people read a number: "(415) 555-0123" in North America (Twilio's friendly name), else the
 * dialling code and the national digits in groups of three ("+44 207 555 0123"). Anything else as given.
 */
export function friendlyPhoneNumber(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`;
  const country = PHONE_COUNTRIES.find((one) => e164.startsWith(one.dialCode) && one.dialCode !== "+1");
  if (!country || !/^\+\d+$/.test(e164)) return e164;
  const national = e164.slice(country.dialCode.length);
  const groups: string[] = [];
  // Threes from the front; the last group takes what is left (two to four digits).
  let rest = national;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest) groups.push(rest);
  return [country.dialCode, ...groups].join(" ");
}
