// Types for Meta's rules as the fake applies them (fake-meta-rules.mjs).

export type GraphErrorFields = {
  /** HTTP status; 400 by default. */
  status?: number;
  /** Graph error code; 1 by default. */
  code?: number;
  message?: string;
  subcode?: number;
  userTitle?: string;
  userMessage?: string;
  /** WhatsApp's explanation, answered as error_data.details. */
  details?: string;
};

/** A refusal in Graph's error shape (what the fake answers). */
export declare class GraphError extends Error {
  constructor(fields?: GraphErrorFields);
  readonly status: number;
  readonly code: number;
  readonly subcode?: number;
  readonly userTitle?: string;
  readonly userMessage?: string;
  readonly details?: string;
  /** Graph's body: { error: { message, type, code, error_subcode?, error_user_title?, error_user_msg?, error_data?, fbtrace_id } }. */
  toBody(): { error: Record<string, unknown> };
}

export declare function requiredParameter(name: string): GraphError;
export declare function missingToken(): GraphError;
export declare function invalidToken(): GraphError;
export declare function permissionsError(): GraphError;
export declare function noSuchObject(method: string, id: string): GraphError;

export declare const TEMPLATE_CATEGORIES: string[];
export declare const TEMPLATE_LIMITS: { body: number; header: number; footer: number; text: number };

type Component = { type?: string; text?: string; [key: string]: unknown };

export declare function componentOf(components: unknown, type: string): Component | undefined;
export declare function variableNumbers(text: string | undefined): number[];
export declare function bodyVariableCount(components: unknown): number;
export declare function checkCategory(category: unknown): string;
export declare function checkNewTemplate(template: unknown): void;
export declare function checkComponents(components: unknown): void;
export declare function checkMessage(message: unknown): void;
export declare function templateParameters(template: unknown): string[];
export declare function checkTemplateSend(
  stored: { status: string; components: unknown } | undefined,
  name: string,
  language: string,
  parameters: string[],
): void;
