import {
  type AvailableNumbers,
  type AvailableNumbersQuery,
  type BuyPhoneNumber,
  countryOfPhoneNumber,
  friendlyPhoneNumber,
  NUMBER_ALREADY_OWNED,
  NUMBER_UNAVAILABLE,
  PHONE_NUMBER_CURRENCY,
  PHONE_NUMBER_MONTHLY_CENTS,
  type PhoneNumber,
  type PhoneNumbers,
  type UpdatePhoneNumber,
} from "@foreman/contract";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "#server/config.ts";
import type { Db, Executor } from "#server/db/client.ts";
import { httpError, notFound } from "#server/lib/http-error.ts";
import { isUniqueViolation } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { findAiEmployee } from "../ai-employees/index.ts";
import { requestBillingSync } from "../billing/index.ts";
import type { JobQueue } from "../jobs/index.ts";
import type { TelephonyProvider } from "../telephony/index.ts";
import { toPhoneNumber } from "./phone-number-view.ts";
import {
  findActiveNumberByE164,
  findNumberView,
  insertPhoneNumber,
  listActiveNumbers,
  markReleased,
  type PhoneNumberChanges,
  updateActiveNumber,
} from "./phones.repository.ts";
import { withProvider } from "./provider-refusals.ts";

// The company's phone numbers: searched and bought at the telephony provider, assigned to an AI
// employee, released. A number costs PHONE_NUMBER_MONTHLY_CENTS a month from the day it was bought
// to the day it was released: billing is asked to catch up after each purchase and release.

export type PhonesDeps = {
  db: Db;
  telephony: TelephonyProvider;
  queue: JobQueue;
  config: Pick<Config, "publicUrl" | "appUrl">;
  log: FastifyBaseLogger;
};
export type PhonesCaller = { companyId: string; userId: string };

/** Where the provider calls us about a number's calls (the voice webhooks, modules/calls). */
export function voiceWebhookUrls(config: Pick<Config, "publicUrl" | "appUrl">) {
  const base = (config.publicUrl ?? config.appUrl).replace(/\/+$/, "");
  return {
    voiceUrl: `${base}/webhooks/twilio/voice/incoming`,
    statusCallbackUrl: `${base}/webhooks/twilio/voice/status`,
  };
}

const invalidField = (field: string, message: string) =>
  httpError(400, "invalid_request", "Request validation failed", [{ field, message }]);

/** The AI employee must be the company's; null (nobody) is allowed. */
async function checkEmployee(db: Executor, companyId: string, aiEmployeeId: string | null | undefined) {
  if (!aiEmployeeId) return;
  if (!(await findAiEmployee(db, companyId, aiEmployeeId)))
    throw invalidField("aiEmployeeId", "Choose an AI employee of this company");
}

async function viewOr404(db: Executor, companyId: string, id: string) {
  const view = isUuid(id) ? await findNumberView(db, companyId, id) : null;
  if (!view) throw notFound("Phone number not found");
  return view;
}

/** One of the company's active numbers (a released one is gone for every write). */
async function activeOr404(db: Executor, companyId: string, id: string) {
  const view = await viewOr404(db, companyId, id);
  if (view.status !== "active") throw notFound("Phone number not found");
  return view;
}

export async function listNumbers(deps: PhonesDeps, companyId: string): Promise<PhoneNumbers> {
  const numbers = (await listActiveNumbers(deps.db, companyId)).map(toPhoneNumber);
  return { phoneNumbers: numbers, total: numbers.length, provider: deps.telephony.kind };
}

export async function searchNumbers(deps: PhonesDeps, query: AvailableNumbersQuery): Promise<AvailableNumbers> {
  return { availableNumbers: await withProvider(() => deps.telephony.searchAvailable(query)) };
}

export async function buyNumber(deps: PhonesDeps, caller: PhonesCaller, input: BuyPhoneNumber): Promise<PhoneNumber> {
  const { db, telephony, queue } = deps;
  await checkEmployee(db, caller.companyId, input.aiEmployeeId);
  const holder = await findActiveNumberByE164(db, input.phoneNumber);
  if (holder?.companyId === caller.companyId) throw httpError(409, "number_already_owned", NUMBER_ALREADY_OWNED);
  if (holder) throw httpError(409, "number_unavailable", NUMBER_UNAVAILABLE);

  const purchased = await withProvider(() =>
    telephony.purchase({
      phoneNumber: input.phoneNumber,
      friendlyName: input.name ?? friendlyPhoneNumber(input.phoneNumber),
      ...voiceWebhookUrls(deps.config),
    }),
  );
  let id: string;
  try {
    await queue.prepare();
    id = await db.transaction(async (tx) => {
      const numberId = await insertPhoneNumber(tx, {
        companyId: caller.companyId,
        provider: telephony.kind,
        providerSid: purchased.sid,
        e164: purchased.phoneNumber,
        // A number outside the listed countries (Twilio may sell one): "ZZ", ISO's unknown.
        countryCode: countryOfPhoneNumber(purchased.phoneNumber) ?? "ZZ",
        name: input.name ?? friendlyPhoneNumber(purchased.phoneNumber),
        locality: purchased.locality,
        capabilities: purchased.capabilities,
        aiEmployeeId: input.aiEmployeeId ?? null,
        monthlyCostCents: PHONE_NUMBER_MONTHLY_CENTS,
        currency: PHONE_NUMBER_CURRENCY,
        purchasedBy: caller.userId,
      });
      await requestBillingSync(tx, queue, caller.companyId);
      return numberId;
    });
  } catch (error) {
    // Nothing stored: the number goes back to the provider rather than being paid for by nobody.
    await telephony
      .release(purchased.sid)
      .catch((releaseError) =>
        deps.log.error(
          { err: releaseError, sid: purchased.sid },
          "a number bought but not stored could not be released",
        ),
      );
    // Another request took the number meanwhile (one active holder a number).
    if (isUniqueViolation(error)) throw httpError(409, "number_unavailable", NUMBER_UNAVAILABLE);
    throw error;
  }
  queue.wake();
  return toPhoneNumber(await viewOr404(db, caller.companyId, id));
}

export async function updateNumber(
  deps: PhonesDeps,
  caller: PhonesCaller,
  id: string,
  patch: UpdatePhoneNumber,
): Promise<PhoneNumber> {
  const view = await activeOr404(deps.db, caller.companyId, id);
  await checkEmployee(deps.db, caller.companyId, patch.aiEmployeeId);
  const changes: PhoneNumberChanges = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.aiEmployeeId !== undefined) changes.aiEmployeeId = patch.aiEmployeeId;
  if (!(await updateActiveNumber(deps.db, caller.companyId, view.id, changes)))
    throw notFound("Phone number not found");
  return toPhoneNumber(await viewOr404(deps.db, caller.companyId, view.id));
}

/**
 * Gives the number back to the provider and keeps its row as released from now on: billing charges it
 * up to today. A number bought from another provider than the one in use (the demo's simulated numbers
 * after Twilio was configured) is only marked released.
 */
export async function releaseNumber(
  deps: PhonesDeps,
  caller: PhonesCaller,
  id: string,
  now: Date,
): Promise<PhoneNumber> {
  const { db, telephony, queue } = deps;
  const view = await activeOr404(db, caller.companyId, id);
  if (view.provider === telephony.kind) await withProvider(() => telephony.release(view.providerSid));
  await queue.prepare();
  const released = await db.transaction(async (tx) => {
    if (!(await markReleased(tx, caller.companyId, view.id, now))) return false;
    await requestBillingSync(tx, queue, caller.companyId);
    return true;
  });
  if (!released) throw notFound("Phone number not found");
  queue.wake();
  return toPhoneNumber(await viewOr404(db, caller.companyId, view.id));
}
