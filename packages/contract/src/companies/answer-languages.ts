import { z } from "zod";

// The languages a company's AI employees answer customers in (the company's own language first). A
// customer who writes in one of them is answered in it; the others are answered in the first.

export const ANSWER_LANGUAGES = ["en", "es", "pt", "fr", "de", "it", "nl", "pl", "ca", "ja", "zh", "ar"] as const;
export type AnswerLanguage = (typeof ANSWER_LANGUAGES)[number];

/** Each language's name, in the product's language (English). */
export const ANSWER_LANGUAGE_LABELS: Record<AnswerLanguage, string> = {
  en: "English",
  es: "Spanish",
  pt: "Portuguese",
  fr: "French",
  de: "German",
  it: "Italian",
  nl: "Dutch",
  pl: "Polish",
  ca: "Catalan",
  ja: "Japanese",
  zh: "Chinese",
  ar: "Arabic",
};

export const MAX_ANSWER_LANGUAGES = 10;

const LANGUAGE_MESSAGE = `Must be one of ${ANSWER_LANGUAGES.join(", ")}`;

/** One to ten of the languages, each once. */
export const answerLanguagesSchema = z
  .array(z.enum(ANSWER_LANGUAGES, { error: LANGUAGE_MESSAGE }), { error: "Must be a list of languages" })
  .min(1, { error: "Choose at least one language" })
  .max(MAX_ANSWER_LANGUAGES, { error: `Choose at most ${MAX_ANSWER_LANGUAGES} languages` })
  .refine((languages) => new Set(languages).size === languages.length, { error: "Each language may appear once" });

export function isAnswerLanguage(value: unknown): value is AnswerLanguage {
  return typeof value === "string" && (ANSWER_LANGUAGES as readonly string[]).includes(value);
}
