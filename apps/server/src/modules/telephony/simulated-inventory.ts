import {
  type AvailableNumber,
  type AvailableNumbersQuery,
  countryOfPhoneNumber,
  friendlyPhoneNumber,
  PHONE_COUNTRIES,
  PHONE_NUMBER_CURRENCY,
  PHONE_NUMBER_MONTHLY_CENTS,
  type PhoneCapabilities,
  type PhoneCountryCode,
} from "@foreman/contract";

// The simulated provider's numbers: deterministic, from the fictional 555-01xx range (reserved for
// fiction in North America), laid out in each country's plausible shape. Twilio's magic numbers fail
// here the way they fail at Twilio, so both providers can be tested alike.

/** Twilio's test numbers for a purchase: unavailable (21422), invalid (21421), and one that always works. */
export const MAGIC_UNAVAILABLE = "+15005550000";
export const MAGIC_INVALID = "+15005550001";
export const MAGIC_VALID = "+15005550006";
/** Twilio's test area code with no numbers (21452). */
export const MAGIC_EMPTY_AREA_CODE = "533";

/** Numbers offered per search. */
export const SIMULATED_PAGE_SIZE = 20;
/** Every number ends in these digits and two more: 555-0100 … 555-0199. */
const FICTIONAL = "55501";

type Layout = {
  /** The area code when none is asked. */
  area: string;
  /** Digits of the national number (area code included). */
  length: number;
  /** Fills the gap between an area code and 55501xx. */
  filler: string;
  /** Places by area code. */
  places: Record<string, [locality: string, region: string | null]>;
};

const LAYOUTS: Record<PhoneCountryCode, Layout> = {
  US: {
    area: "555",
    length: 10,
    filler: "",
    places: {
      "212": ["New York", "NY"],
      "213": ["Los Angeles", "CA"],
      "305": ["Miami", "FL"],
      "312": ["Chicago", "IL"],
      "415": ["San Francisco", "CA"],
      "512": ["Austin", "TX"],
      "617": ["Boston", "MA"],
      "206": ["Seattle", "WA"],
    },
  },
  CA: {
    area: "416",
    length: 10,
    filler: "",
    places: { "416": ["Toronto", "ON"], "514": ["Montreal", "QC"], "604": ["Vancouver", "BC"] },
  },
  GB: { area: "20", length: 10, filler: "7", places: { "20": ["London", null], "161": ["Manchester", null] } },
  AU: { area: "2", length: 9, filler: "1", places: { "2": ["Sydney", "NSW"], "3": ["Melbourne", "VIC"] } },
  ES: { area: "91", length: 9, filler: "", places: { "91": ["Madrid", null], "93": ["Barcelona", null] } },
  MX: { area: "55", length: 10, filler: "5", places: { "55": ["Ciudad de México", "CDMX"] } },
  CL: { area: "2", length: 9, filler: "2", places: { "2": ["Santiago", "RM"] } },
  BR: { area: "11", length: 10, filler: "3", places: { "11": ["São Paulo", "SP"], "21": ["Rio de Janeiro", "RJ"] } },
  DE: { area: "30", length: 9, filler: "", places: { "30": ["Berlin", null], "40": ["Hamburg", null] } },
  FR: { area: "1", length: 9, filler: "4", places: { "1": ["Paris", null] } },
};

const dialDigits = (country: PhoneCountryCode) =>
  PHONE_COUNTRIES.find((one) => one.code === country)!.dialCode.slice(1);

const northAmerican = (country: PhoneCountryCode) => country === "US" || country === "CA";

/** US and Canadian numbers carry MMS too; elsewhere voice and SMS. */
export function simulatedCapabilities(country: PhoneCountryCode): PhoneCapabilities {
  return { voice: true, sms: true, mms: northAmerican(country) };
}

/** The national number before its last two digits, for an area code; null when the country has no such area. */
function nationalPrefix(country: PhoneCountryCode, areaCode: string | undefined): string | null {
  const layout = LAYOUTS[country];
  const area = areaCode ?? layout.area;
  if (area === MAGIC_EMPTY_AREA_CODE) return null;
  // North American area codes are three digits and never start with 0 or 1.
  if (northAmerican(country) && !/^[2-9]\d\d$/.test(area)) return null;
  const fill = layout.length - area.length - FICTIONAL.length - 2;
  if (fill < 0) return null;
  return `${area}${(layout.filler || "5").repeat(fill)}${FICTIONAL}`;
}

/** Twilio's `Contains`: the digits (`*` any one) somewhere in the number, after its plus. */
function containsPattern(contains: string): RegExp {
  return new RegExp(contains.replaceAll("*", "\\d"));
}

function placeOf(country: PhoneCountryCode, national: string): [string | null, string | null] {
  const places = LAYOUTS[country].places;
  const area = Object.keys(places)
    .sort((a, b) => b.length - a.length)
    .find((code) => national.startsWith(code));
  return area ? places[area]! : [null, null];
}

function availableNumber(country: PhoneCountryCode, e164: string): AvailableNumber {
  const national = e164.slice(1 + dialDigits(country).length);
  const [locality, region] = placeOf(country, national);
  return {
    phoneNumber: e164,
    friendlyName: friendlyPhoneNumber(e164),
    locality,
    region,
    countryCode: country,
    capabilities: simulatedCapabilities(country),
    monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
    currency: PHONE_NUMBER_CURRENCY,
    addressRequired: false,
  };
}

/** Every number of the range a search could offer, in order (before taking out the ones in use). */
export function simulatedCandidates(query: AvailableNumbersQuery): string[] {
  const prefix = nationalPrefix(query.countryCode, query.areaCode);
  if (!prefix) return [];
  const dial = dialDigits(query.countryCode);
  const pattern = query.contains ? containsPattern(query.contains) : null;
  const numbers: string[] = [];
  for (let last = 0; last < 100; last++) {
    const digits = `${dial}${prefix}${String(last).padStart(2, "0")}`;
    if (!pattern || pattern.test(digits)) numbers.push(`+${digits}`);
  }
  return numbers;
}

/** The first page of the candidates that nobody holds. */
export function simulatedSearch(query: AvailableNumbersQuery, inUse: ReadonlySet<string>): AvailableNumber[] {
  return simulatedCandidates(query)
    .filter((e164) => !inUse.has(e164))
    .slice(0, SIMULATED_PAGE_SIZE)
    .map((e164) => availableNumber(query.countryCode, e164));
}

/**
 * What the simulated provider knows of a number it is asked to sell: its country and place, or the
 * Twilio error code it refuses it with (21422 unavailable, 21421 invalid, 21452 none in that area).
 */
export function simulatedOffer(e164: string): AvailableNumber | { code: 21421 | 21422 | 21452 } {
  if (e164 === MAGIC_UNAVAILABLE) return { code: 21422 };
  if (e164 === MAGIC_INVALID) return { code: 21421 };
  if (e164 === MAGIC_VALID) return availableNumber("US", e164);
  const country = countryOfPhoneNumber(e164);
  if (!country) return { code: 21421 };
  const national = e164.slice(1 + dialDigits(country).length);
  if (northAmerican(country) && national.slice(0, 3) === MAGIC_EMPTY_AREA_CODE) return { code: 21452 };
  // In the range: what some area code's search would offer (its prefix, then two digits).
  const layout = LAYOUTS[country];
  let inRange = false;
  for (let areaLength = 1; areaLength <= layout.length - FICTIONAL.length - 2 && !inRange; areaLength++) {
    const prefix = nationalPrefix(country, national.slice(0, areaLength));
    inRange = prefix !== null && national.length === layout.length && new RegExp(`^${prefix}\\d\\d$`).test(national);
  }
  return inRange ? availableNumber(country, e164) : { code: 21421 };
}
