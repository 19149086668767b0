import { randomInt } from "node:crypto";
import {
  ONBOARDING_STEP_LABELS,
  type OnboardingStep,
  qualityFromMeta,
  type WhatsappConnectionState,
  type WhatsappStatus,
  type whatsappOnboardSchema,
} from "@foreman/contract";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { aiDepartments, aiEmployees, type WhatsappConnectionRow } from "#server/db/schema/index.ts";
import { HttpError, httpError } from "#server/lib/http-error.ts";
import { openSecret } from "#server/lib/secret-box.ts";
import { isUniqueViolation } from "#server/lib/unique-violation.ts";
import { isUuid } from "#server/lib/uuid.ts";
import { recordActivity, staffActor } from "../activities/index.ts";
import {
  findConnection,
  findConnectionByPhoneNumberId,
  startConnection,
  updateConnection,
} from "./connections.repository.ts";
import { GraphApiError, type PhoneNumberInfo } from "./graph-api.ts";
import { whatsappStatus } from "./status.ts";
import { syncTemplates } from "./templates.service.ts";
import { announce, requireGraph, seal, tokenOf, type WhatsappDeps } from "./whatsapp-deps.ts";

type OnboardInput = z.output<typeof whatsappOnboardSchema>;
export type ConnectionWriter = { deps: WhatsappDeps; companyId: string; userId: string };

/** A step that could not be done: the connection keeps its step and this message. */
class StepFailed extends Error {}

/**
 * What the server does with the signup's code (modules/whatsapp/README.md). Nothing is stored until the
 * exchanged token is shown to reach the WABA and the number the signup named (token, scopes,
 * phone_number): a number is one company's only (unique), so storing a number somebody merely named
 * would let them squat it. A failure there answers 422 and leaves the company's connection as it was.
 * The later steps record themselves before they run, so the status shows where the work is; a failure
 * leaves the connection disconnected at that step with the reason (Meta's own words), and a retry with a
 * new code skips what was done (the registration, the subscription) for the same number.
 */
export async function onboard(writer: ConnectionWriter, input: OnboardInput): Promise<WhatsappStatus> {
  const { deps, companyId } = writer;
  const graph = requireGraph(deps);
  const signup = input.whatsappEmbeddedSignup;
  const elsewhere = await findConnectionByPhoneNumberId(deps.db, signup.phoneNumberId);
  if (elsewhere && elsewhere.companyId !== companyId) throw numberTaken();
  if (input.aiEmployeeId !== undefined && input.aiEmployeeId !== null) await checkEmployee(writer, input.aiEmployeeId);

  let step: OnboardingStep = "token";
  const refuse = (error: unknown) => {
    const reason = failureReason(error);
    if (reason === null) return error;
    deps.log.warn({ companyId, step, err: error }, "WhatsApp onboarding step failed");
    return onboardingFailed(step, reason);
  };
  let token: string;
  let number: PhoneNumberInfo;
  try {
    token = await graph.exchangeCode(signup.code);
    step = "scopes";
    const wabaIds = await graph.tokenWabaIds(token);
    if (!wabaIds.includes(signup.wabaId))
      throw new StepFailed(
        `The business token does not reach WhatsApp Business Account ${signup.wabaId}: choose it (with messaging and management permissions) in the signup and try again`,
      );
    step = "phone_number";
    // Meta answers a number only to a token that reaches it.
    number = await graph.phoneNumber(token, signup.phoneNumberId);
  } catch (error) {
    throw refuse(error);
  }

  step = "register";
  let row: WhatsappConnectionRow;
  try {
    row = await startConnection(
      deps.db,
      companyId,
      { wabaId: signup.wabaId, phoneNumberId: signup.phoneNumberId, businessId: signup.businessId ?? null },
      {
        state: "setting_up",
        step,
        accessTokenSealed: seal(deps, token),
        displayPhoneNumber: number.displayPhoneNumber,
        verifiedName: number.verifiedName,
        quality: qualityFromMeta(number.qualityRating),
        verified: number.codeVerificationStatus === "VERIFIED" && number.nameStatus !== "DECLINED",
        metaStatus: number.status,
      },
    );
  } catch (error) {
    // Another company connected the same number while this one was being checked.
    if (isUniqueViolation(error)) throw numberTaken();
    throw error;
  }
  if (input.aiEmployeeId !== undefined)
    row = await updateConnection(deps.db, companyId, { aiEmployeeId: input.aiEmployeeId, departmentId: null });
  await announce(deps, companyId, { state: row.state });

  /** Records the step about to run, so the status shows the work. */
  const at = async (next: OnboardingStep, state: WhatsappConnectionState) => {
    step = next;
    row = await updateConnection(deps.db, companyId, { step, state });
    await announce(deps, companyId, { state });
  };
  try {
    if (!row.registeredAt) {
      // The number's two-step PIN: kept (sealed) so a later registration can give the same one.
      const pin = (row.pinSealed && deps.key && openSecret(deps.key, row.pinSealed)) || randomPin();
      await graph.registerNumber(token, signup.phoneNumberId, pin);
      row = await updateConnection(deps.db, companyId, { registeredAt: new Date(), pinSealed: seal(deps, pin) });
    }
    await at("subscribe", "setting_up");
    if (!row.subscribedAt) {
      await graph.subscribeApp(token, signup.wabaId);
      row = await updateConnection(deps.db, companyId, { subscribedAt: new Date() });
    }
    await at("templates", "setting_up");
    await syncTemplates(deps, row, token);
    await deps.db.transaction(async (tx) => {
      row = await updateConnection(tx, companyId, {
        state: "connected",
        step: null,
        error: null,
        connectedAt: row.connectedAt ?? new Date(),
      });
      await recordActivity(tx, {
        companyId,
        kind: "whatsapp.connected",
        actor: await staffActor(tx, writer.userId),
        subject: { type: "whatsapp_connection", id: row.id },
        summary: `Connected the WhatsApp number ${row.displayPhoneNumber ?? signup.phoneNumberId}`,
      });
    });
    await announce(deps, companyId, { state: "connected" });
  } catch (error) {
    const refusal = refuse(error);
    if (!(refusal instanceof HttpError)) throw refusal;
    await updateConnection(deps.db, companyId, { state: "disconnected", step, error: refusal.description ?? null });
    await announce(deps, companyId, { state: "disconnected" });
    throw refusal;
  }
  return whatsappStatus(deps, companyId);
}

const numberTaken = () =>
  httpError(409, "conflict", "This WhatsApp number is connected to another company in Foreman", [
    { field: "whatsappEmbeddedSignup.phoneNumberId", message: "already connected elsewhere" },
  ]);

/** A step that failed: 422 "Registering the number failed: <reason>", the step as the field. */
const onboardingFailed = (step: OnboardingStep, reason: string) =>
  httpError(422, "whatsapp_onboarding_failed", `${ONBOARDING_STEP_LABELS[step]} failed: ${reason}`, [
    { field: step, message: reason },
  ]);

function failureReason(error: unknown): string | null {
  if (error instanceof StepFailed) return error.message;
  if (error instanceof GraphApiError)
    return error.retryable ? `${error.explanation}. Try again in a moment.` : error.explanation;
  return null;
}

const randomPin = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

async function checkEmployee(writer: ConnectionWriter, aiEmployeeId: string) {
  const [row] = isUuid(aiEmployeeId)
    ? await writer.deps.db
        .select({ id: aiEmployees.id })
        .from(aiEmployees)
        .where(and(eq(aiEmployees.companyId, writer.companyId), eq(aiEmployees.id, aiEmployeeId)))
    : [];
  if (!row)
    throw httpError(422, "validation_error", "No such AI employee in this company", [
      { field: "aiEmployeeId", message: "not found in this company" },
    ]);
}

/**
 * Unsubscribes our app from the WABA and forgets the token; conversations stay. When Meta cannot be told,
 * the token is forgotten all the same and the message says how to finish in Meta Business Suite.
 */
export async function disconnect(writer: ConnectionWriter): Promise<WhatsappStatus> {
  const { deps, companyId } = writer;
  const row = await findConnection(deps.db, companyId);
  if (!row) return whatsappStatus(deps, companyId);
  await updateConnection(deps.db, companyId, { state: "disconnecting" });
  await announce(deps, companyId, { state: "disconnecting" });
  const token = tokenOf(deps, row);
  let error: string | null = null;
  if (token && deps.graph && row.subscribedAt) {
    try {
      await deps.graph.unsubscribeApp(token, row.wabaId);
    } catch (failure) {
      deps.log.warn({ companyId, err: failure }, "WhatsApp unsubscribe failed");
      const why = failure instanceof GraphApiError ? failure.explanation : "Meta could not be reached";
      error = `Disconnected here, but Meta was not told (${why}): remove Foreman from the WhatsApp Business Account in Meta Business Suite`;
    }
  }
  await deps.db.transaction(async (tx) => {
    await updateConnection(tx, companyId, {
      state: "disconnected",
      step: null,
      error,
      accessTokenSealed: null,
      subscribedAt: null,
    });
    await recordActivity(tx, {
      companyId,
      kind: "whatsapp.disconnected",
      actor: await staffActor(tx, writer.userId),
      subject: { type: "whatsapp_connection", id: row.id },
      summary: `Disconnected the WhatsApp number ${row.displayPhoneNumber ?? row.phoneNumberId}`,
    });
  });
  await announce(deps, companyId, { state: "disconnected" });
  return whatsappStatus(deps, companyId);
}

/** Who answers the number: an AI employee or a department of the company (or nobody). */
export async function assign(
  writer: ConnectionWriter,
  input: { aiEmployeeId?: string | null | undefined; departmentId?: string | null | undefined },
): Promise<WhatsappStatus> {
  const { deps, companyId } = writer;
  const row = await findConnection(deps.db, companyId);
  if (!row)
    throw httpError(409, "whatsapp_not_connected", "Connect a WhatsApp number first, then choose who answers it");
  const aiEmployeeId = input.aiEmployeeId ?? null;
  const departmentId = input.departmentId ?? null;
  if (aiEmployeeId) await checkEmployee(writer, aiEmployeeId);
  if (departmentId) await checkDepartment(writer, departmentId);
  await deps.db.transaction(async (tx) => {
    const updated: WhatsappConnectionRow = await updateConnection(tx, companyId, { aiEmployeeId, departmentId });
    await recordActivity(tx, {
      companyId,
      kind: "whatsapp.assigned",
      actor: await staffActor(tx, writer.userId),
      subject: { type: "whatsapp_connection", id: updated.id },
      summary:
        aiEmployeeId || departmentId
          ? "Chose who answers the WhatsApp number"
          : "Cleared who answers the WhatsApp number",
      details: { aiEmployeeId, departmentId },
    });
  });
  await announce(deps, companyId, { state: row.state });
  return whatsappStatus(deps, companyId);
}

async function checkDepartment(writer: ConnectionWriter, departmentId: string) {
  const [row] = isUuid(departmentId)
    ? await writer.deps.db
        .select({ id: aiDepartments.id })
        .from(aiDepartments)
        .where(and(eq(aiDepartments.companyId, writer.companyId), eq(aiDepartments.id, departmentId)))
    : [];
  if (!row)
    throw httpError(422, "validation_error", "No such department in this company", [
      { field: "departmentId", message: "not found in this company" },
    ]);
}
