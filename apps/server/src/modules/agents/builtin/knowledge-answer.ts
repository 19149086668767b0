import { stem, wordsOf } from "../text/words.ts";

// A policy answer from the company's knowledge: the sentences of the retrieved passages that share the
// most words with the question (a "how long" question favouring sentences with days or weeks), a
// sentence or two from the company's own document rather than a whole section, with its title.

const SHORT = new Set(
  "the and for you your are our with that this what when how can does have from will que los las del con por para una como cuando cual son sus hay there any".split(
    " ",
  ),
);

/** Words a kind of question expects in its answer. */
const EXPECTS: [RegExp, string[]][] = [
  // "What's your return policy?": the window it gives.
  [/\b(policy|policies|politica|politicas)\b/, ["day", "dia"]],
  [
    /\b(how long|how many days|cuanto tiempo|cuantos dias|plazo)\b/,
    ["day", "dia", "week", "semana", "hour", "hora", "business", "habil"],
  ],
  [
    /\b(what day|which day|when does|que dia|que dias|cuando sale)\b/,
    [
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "lunes",
      "marte",
      "miercole",
      "jueve",
      "vierne",
      "sabado",
    ],
  ],
  [/\b(how much|fee|cost|cuanto cuesta|cuanto sale|costo|cargo)\b/, ["$", "fee", "cargo", "costo", "free", "gratis"]],
];

const keyWords = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => word.length >= 3 && !SHORT.has(word))
      .map(stem),
  );

/** The sentences of a passage: lines wrapped inside a sentence joined, list items kept apart. */
function sentencesOf(text: string): string[] {
  return (
    text
      .replace(/\s*\n\s*(?![-*•]|\d+\.)/g, " ")
      // Not after an abbreviation: "Av. Lo Boza", "St. Louis".
      .split(
        /(?<![\s(](?:Av|Avda|Dr|Dra|Sr|Sra|St|Mr|Mrs|Ms|No|Nº|Inc|Ltd|Co|Ave|Blvd|approx|aprox|etc|Of|Depto|Dpto)\.)(?<=[.!?])\s+(?=[\p{Lu}¿¡\d$-])|\n+/u,
      )
      .map((sentence) => sentence.replace(/^[-*•]\s*/, "").trim())
      .filter((sentence) => sentence.length > 2)
  );
}

export type PassageAnswer = { title: string; text: string };

/** The best sentence or two across the passages, from the passage holding the best one. */
export function answerFromPassages(
  question: string,
  passages: { title: string; text: string }[],
): PassageAnswer | null {
  if (passages.length === 0) return null;
  const plainQuestion = wordsOf(question).join(" ");
  const asked = keyWords(question);
  const expected = EXPECTS.filter(([pattern]) => pattern.test(plainQuestion)).flatMap(([, words]) => words);
  const scoredPassages = passages.slice(0, 5).map((passage, p) => {
    const sentences = sentencesOf(passage.text).map((text, index) => {
      let score = 0;
      for (const word of keyWords(text)) if (asked.has(word)) score++;
      const lower = wordsOf(text).map(stem).join(" ") + text;
      if (expected.some((word) => lower.includes(word))) score += 1.5;
      // Retrieval's own order breaks ties.
      return { text, score: score - p * 0.01, index };
    });
    return { passage: p, score: Math.max(0, ...sentences.map((s) => s.score)), sentences };
  });
  const best = scoredPassages.reduce((a, b) => (b.score > a.score ? b : a));
  const chosen = best;
  if (!chosen || chosen.score <= 0)
    return { title: passages[0]!.title, text: sentencesOf(passages[0]!.text).slice(0, 2).join(" ") };
  const picked = [...chosen.sentences]
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, 2)
    .filter((s, i) => i === 0 || s.score >= chosen.score - 1)
    .sort((a, b) => a.index - b.index);
  return { title: passages[chosen.passage]!.title, text: picked.map((s) => s.text).join(" ") };
}
