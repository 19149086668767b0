import { stem, wordsOf } from "../text/words.ts";

// A knowledge passage cut to what the customer asked: its sentences that share the most words with the
// question (up to a few), in the passage's order, so a policy answer is a sentence or two from the
// company's own document rather than the whole section.

const SHORT = new Set(
  "the and for you your are our with that this what when how can does have from will does que los las del con por para una como cuando cual son sus hay".split(
    " ",
  ),
);

const keyWords = (text: string) =>
  new Set(
    wordsOf(text)
      .filter((word) => word.length >= 3 && !SHORT.has(word))
      .map(stem),
  );

/** The passage's sentences (or lines) that best answer the question; the whole passage when it is short. */
export function answerFromPassage(question: string, passage: string, maxSentences = 2): string {
  const text = passage.trim();
  if (text.length <= 280) return text;
  const sentences = text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
  const asked = keyWords(question);
  const scored = sentences.map((sentence, index) => {
    const words = keyWords(sentence);
    let score = 0;
    for (const word of words) if (asked.has(word)) score++;
    return { sentence, index, score };
  });
  const best = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, maxSentences)
    .sort((a, b) => a.index - b.index);
  if (best.length === 0) return sentences.slice(0, maxSentences).join(" ");
  return best.map((s) => s.sentence).join(" ");
}
