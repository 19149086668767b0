// The rules Meta applies to what the fake Graph API receives (fake-graph-api.mjs), each refusal in
// Graph's error shape. Kept apart from the server so the rules read as a list, not as HTTP plumbing.
import { randomBytes } from "node:crypto";

/** A refusal in Graph's error shape: handlers throw it, the server answers it. */
export class GraphError extends Error {
  constructor({
    status = 400,
    code = 1,
    message = "An unknown error occurred",
    subcode,
    userTitle,
    userMessage,
    details,
  } = {}) {
    super(message);
    this.name = "GraphError";
    Object.assign(this, { status, code, subcode, userTitle, userMessage, details });
  }

  /** The body Meta answers: the optional fields only when set, and a trace id like Meta's. */
  toBody() {
    const error = { message: this.message, type: "OAuthException", code: this.code };
    if (this.subcode !== undefined) error.error_subcode = this.subcode;
    if (this.userTitle !== undefined) error.error_user_title = this.userTitle;
    if (this.userMessage !== undefined) error.error_user_msg = this.userMessage;
    // The WhatsApp errors (13xxxx) explain themselves in error_data rather than error_user_msg.
    if (this.details !== undefined) error.error_data = { messaging_product: "whatsapp", details: this.details };
    error.fbtrace_id = `Afake${randomBytes(9).toString("base64url")}`;
    return { error };
  }
}

export const requiredParameter = (name) =>
  new GraphError({ code: 100, message: `(#100) The parameter ${name} is required` });

export const missingToken = () =>
  new GraphError({ status: 401, code: 104, message: "An access token is required to request this resource." });

export const invalidToken = () =>
  new GraphError({ status: 401, code: 190, message: "Invalid OAuth access token - Cannot parse access token" });

export const permissionsError = () => new GraphError({ status: 403, code: 200, message: "(#200) Permissions error" });

/** Meta's answer for an id that is unknown (or not visible to the token) on a GET or POST. */
export const noSuchObject = (method, id) =>
  new GraphError({
    code: 100,
    subcode: 33,
    message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
  });

const invalidParameter = (userTitle, userMessage, subcode) =>
  new GraphError({ code: 100, message: "Invalid parameter", subcode, userTitle, userMessage });

// Templates ---------------------------------------------------------------------------------------

export const TEMPLATE_CATEGORIES = ["UTILITY", "MARKETING", "AUTHENTICATION"];
export const TEMPLATE_LIMITS = { body: 1024, header: 60, footer: 60, text: 4096 };

const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
const VARIABLE = /\{\{\s*(\d+)\s*\}\}/g;

/** The component of a type (Meta accepts any case), or undefined. */
export const componentOf = (components, type) =>
  (Array.isArray(components) ? components : []).find((c) => String(c?.type ?? "").toUpperCase() === type);

/** The distinct {{n}} numbers of a text, in the order first written: "{{1}} {{2}} {{1}}" → [1, 2]. */
export function variableNumbers(text) {
  const numbers = [];
  for (const match of String(text ?? "").matchAll(VARIABLE)) {
    const number = Number(match[1]);
    if (!numbers.includes(number)) numbers.push(number);
  }
  return numbers;
}

/** How many parameters a send of this template must give (its BODY's variables). */
export const bodyVariableCount = (components) => variableNumbers(componentOf(components, "BODY")?.text).length;

/** Meta's category, upper case; refuses one it does not know. */
export function checkCategory(category) {
  const upper = String(category ?? "").toUpperCase();
  if (!TEMPLATE_CATEGORIES.includes(upper))
    throw invalidParameter("Invalid category", `The category must be one of ${TEMPLATE_CATEGORIES.join(", ")}.`);
  return upper;
}

/** The checks of POST /{waba_id}/message_templates, before the duplicate check (which needs the store). */
export function checkNewTemplate(template) {
  const { name, language, category, components } = template ?? {};
  if (name === undefined || name === "") throw requiredParameter("name");
  if (typeof name !== "string" || !TEMPLATE_NAME.test(name))
    throw invalidParameter(
      "Invalid template name",
      "Template names can only contain lowercase letters, numbers and underscores, up to 512 characters.",
    );
  if (typeof language !== "string" || language === "") throw requiredParameter("language");
  if (category === undefined) throw requiredParameter("category");
  checkCategory(category);
  checkComponents(components);
}

/** The component checks shared by create and edit. */
export function checkComponents(components) {
  if (!Array.isArray(components)) throw requiredParameter("components");
  const body = componentOf(components, "BODY");
  if (typeof body?.text !== "string" || body.text.trim() === "")
    throw invalidParameter("Message body is required", "A template needs a BODY component with text.");
  checkLength(body.text, "body", "Message body");
  for (const type of ["HEADER", "FOOTER"]) {
    const text = componentOf(components, type)?.text;
    if (typeof text === "string") checkLength(text, type.toLowerCase(), `${type[0]}${type.slice(1).toLowerCase()}`);
  }
  checkBodyVariables(body);
}

function checkLength(text, limit, label) {
  const max = TEMPLATE_LIMITS[limit];
  if (text.length > max)
    throw invalidParameter(
      `${label} too long`,
      `The ${label.toLowerCase()} has ${text.length} characters; the limit is ${max}.`,
    );
}

function checkBodyVariables(body) {
  const numbers = variableNumbers(body.text);
  if (numbers.some((number, index) => number !== index + 1))
    throw invalidParameter(
      "Invalid parameter",
      "The parameters are not sequential. Number them {{1}}, {{2}}, {{3}} and so on, in order and without gaps.",
      2388040,
    );
  if (numbers.length === 0) return;
  const examples = body.example?.body_text;
  if (!Array.isArray(examples) || !Array.isArray(examples[0]) || examples[0].length !== numbers.length)
    throw invalidParameter(
      "Missing example",
      `The body has ${numbers.length} variable(s); give one example value for each in example.body_text.`,
      2388023,
    );
}

// Messages ----------------------------------------------------------------------------------------

/** The checks of POST /{phone_number_id}/messages that need no store. */
export function checkMessage(message) {
  if (message?.messaging_product !== "whatsapp") throw requiredParameter("messaging_product");
  if (typeof message.to !== "string" || message.to === "") throw requiredParameter("to");
  const type = message.type ?? "text";
  if (type === "text") {
    const body = message.text?.body;
    if (typeof body !== "string" || body === "") throw requiredParameter("text['body']");
    if (body.length > TEMPLATE_LIMITS.text)
      throw new GraphError({
        code: 100,
        message: `(#100) Param text['body'] must be at most ${TEMPLATE_LIMITS.text} characters long.`,
      });
  }
  if (type === "template") {
    if (!message.template?.name) throw requiredParameter("template['name']");
    if (!message.template.language?.code) throw requiredParameter("template['language']['code']");
  }
}

/** The values of a template send's BODY parameters, as text. */
export function templateParameters(template) {
  const body = componentOf(template?.components, "BODY");
  const parameters = Array.isArray(body?.parameters) ? body.parameters : [];
  return parameters.map((p) => String(p?.text ?? p?.currency?.fallback_value ?? p?.date_time?.fallback_value ?? ""));
}

/** Meta's refusals of a template send: unknown, not approved, or the wrong number of parameters. */
export function checkTemplateSend(stored, name, language, parameters) {
  if (!stored)
    throw new GraphError({
      code: 132001,
      message: "(#132001) Template name does not exist in the translation",
      details: `template name (${name}) does not exist in ${language}`,
    });
  if (stored.status !== "APPROVED")
    throw new GraphError({
      code: 132001,
      message: "(#132001) Template is not approved",
      details: `template ${name} (${language}) is ${stored.status}`,
    });
  const expected = bodyVariableCount(stored.components);
  if (parameters.length !== expected)
    throw new GraphError({
      code: 132000,
      message: "(#132000) Number of parameters does not match the expected number of params",
      details: `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
    });
}
