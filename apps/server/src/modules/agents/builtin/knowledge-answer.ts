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
  [/\b(what time|by when|until when|a que hora|hasta que hora)\b/, ["am", "pm", ":00", "hora"]],
  // "What's your return policy?": the window it gives.
  [/\b(policy|policies|politica|politicas)\b/, ["day", "dia"]],
  [
    /\b(how long|how soon|how many days|cuanto tiempo|cuantos dias|plazo|demora|tarda|se demoran?|se tardan?)\b/,
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
  [
    /\b(how much|fee|cost|whats shipping|what s shipping|cuanto (me )?(cuesta|sale|cobran|cobra|vale)|costo|cargo)\b/,
    ["$", "fee", "cargo", "costo", "free", "gratis"],
  ],
];

const keyWords = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => word.length >= 3 && !SHORT.has(word))
      .map(stem),
  );

/** The words worth comparing, as written (accents off). */
const plainWords = (text: string) => new Set(wordsOf(text).filter((word) => word.length >= 3 && !SHORT.has(word)));

/** One word starts the other, as written ("pay" and "payment"): stems are too short for this ("fre" of "free"). */
const sharesStart = (a: string, b: string) => Math.min(a.length, b.length) >= 3 && (a.startsWith(b) || b.startsWith(a));

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
      // Table rows and price-list rows are data, not an answer: prices come from the catalog.
      .filter((sentence) => !/\|.*\|/.test(sentence) && !/\bSKU\s*:/i.test(sentence))
  );
}

/** The answer, with how well its best sentence fits the question (shared words, +1.5 for the kind of fact asked). */
export type PassageAnswer = { title: string; text: string; score: number };

/** The best sentence or two across the passages, from the passage holding the best one. */
export function answerFromPassages(
  question: string,
  passages: { title: string; text: string }[],
): PassageAnswer | null {
  if (passages.length === 0) return null;
  const plainQuestion = wordsOf(question).join(" ");
  const asked = keyWords(question);
  const askedWords = [...plainWords(question)];
  const expected = EXPECTS.filter(([pattern]) => pattern.test(plainQuestion)).flatMap(([, words]) => words);
  const scoredPassages = passages.slice(0, 5).map((passage, p) => {
    // The section's heading answers for all its sentences ("Which payment methods do you accept?").
    let heading = 0;
    for (const word of keyWords(passage.title)) if (asked.has(word)) heading += 0.75;
    const sentences = sentencesOf(passage.text).map((text, index) => {
      let score = Math.min(heading, 1.5);
      // A word of the question, or one sharing its start ("pay" and "payment", "canada" and "canadian").
      for (const word of plainWords(text))
        if (asked.has(stem(word))) score++;
        else if (askedWords.some((ask) => sharesStart(ask, word))) score += 0.5;
      const lower = wordsOf(text).map(stem).join(" ") + text;
      if (expected.some((word) => lower.includes(word))) score += 1.5;
      // A section's first sentence usually states its rule; retrieval's order counts too.
      if (index === 0) score += 0.3;
      return { text, score: score - p * 0.5, index };
    });
    return { passage: p, score: Math.max(0, ...sentences.map((s) => s.score)), sentences, heading };
  });
  const best = scoredPassages.reduce((a, b) => (b.score > a.score ? b : a));
  const chosen = best;
  if (!chosen || chosen.score <= 0)
    return { title: passages[0]!.title, text: sentencesOf(passages[0]!.text).slice(0, 2).join(" "), score: 0 };
  const ranked = [...chosen.sentences].sort((a, b) => b.score - a.score || a.index - b.index);
  const picked = ranked
    .slice(0, 2)
    .filter((s, i) => i === 0 || s.score >= chosen.score - 1)
    .sort((a, b) => a.index - b.index);
  // A section its heading matched opens with its rule ("We accept…"): keep that first sentence.
  const opening = chosen.sentences[0];
  if (chosen.heading > 0 && opening && !picked.includes(opening)) picked.splice(0, picked.length > 1 ? 1 : 0, opening);
  picked.sort((a, b) => a.index - b.index);
  return { title: passages[chosen.passage]!.title, text: picked.map((s) => s.text).join(" "), score: chosen.score };
}
