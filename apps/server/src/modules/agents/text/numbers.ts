// Quantities written as words, in English and Spanish: "a dozen", "twenty five", "una docena",
// "veinticinco", "media docena". Each phrase becomes its number so the rest of the engine reads digits.

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  cero: 0,
  uno: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  trece: 13,
  catorce: 14,
  quince: 15,
  dieciseis: 16,
  diecisiete: 17,
  dieciocho: 18,
  diecinueve: 19,
  veinte: 20,
  veintiuno: 21,
  veintiun: 21,
  veintiuna: 21,
  veintidos: 22,
  veintitres: 23,
  veinticuatro: 24,
  veinticinco: 25,
  veintiseis: 26,
  veintisiete: 27,
  veintiocho: 28,
  veintinueve: 29,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  setenta: 70,
  ochenta: 80,
  noventa: 90,
};
const HUNDREDS: Record<string, number> = {
  cien: 100,
  ciento: 100,
  doscientos: 200,
  doscientas: 200,
  trescientos: 300,
  trescientas: 300,
  cuatrocientos: 400,
  quinientos: 500,
  seiscientos: 600,
  setecientos: 700,
  ochocientos: 800,
  novecientos: 900,
};
/** Phrases that are a number on their own ("a dozen"): matched before single words. */
const PHRASES: [string[], number][] = [
  [["una", "docena", "y", "media"], 18],
  [["docena", "y", "media"], 18],
  [["a", "dozen", "and", "a", "half"], 18],
  [["a", "couple", "of", "dozen"], 24],
  [["a", "couple", "dozen"], 24],
  [["half", "a", "dozen"], 6],
  [["media", "docena"], 6],
  [["a", "dozen"], 12],
  [["one", "dozen"], 12],
  [["una", "docena"], 12],
  [["a", "couple", "of"], 2],
  [["a", "couple"], 2],
  [["un", "par", "de"], 2],
  [["un", "par"], 2],
  [["a", "hundred"], 100],
  [["one", "hundred"], 100],
  [["a", "thousand"], 1000],
  [["mil"], 1000],
  [["dozen"], 12],
  [["docena"], 12],
];

const PRONOUN_BEFORE = new Set(
  "the this that which cheaper cheapest first second last other another same expensive bigger smaller el la ese esa este esta otro otra mismo misma barato barata caro cara".split(
    " ",
  ),
);

/** A token of a message: a word, or a number read from digits or words. */
export type Token = { word: string; value: number | null };

/**
 * The words of a message (already plain: see words.ts) with numbers read: digits ("10", "2.5", "1,5"),
 * number words and phrases ("twenty five", "una docena", "3 dozen" = 36). Articles stay words: whether
 * "a case" means one is the reader's call.
 */
export function readNumbers(words: string[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < words.length) {
    const phrase = PHRASES.find(([parts]) => parts.every((part, k) => words[i + k] === part));
    if (phrase) {
      const [parts, value] = phrase;
      const before = tokens.at(-1);
      // "3 dozen", "2 docenas": a count of dozens.
      if (parts.length === 1 && value === 12 && before?.value != null) before.value *= 12;
      else tokens.push({ word: parts.join(" "), value });
      i += parts.length;
      continue;
    }
    const word = words[i]!;
    if (word === "dozens" || word === "docenas") {
      const before = tokens.at(-1);
      if (before?.value != null) before.value *= 12;
      else tokens.push({ word, value: 12 });
      i++;
      continue;
    }
    // "x10", "10x": a count as order forms write it.
    const times = /^x(\d{1,6})$|^(\d{1,6})x$/.exec(word);
    const digits = times
      ? Number(times[1] ?? times[2])
      : /^\d{1,7}(?:[.,]\d{1,3})?$/.test(word)
        ? // "1,000" and "1.000" are a thousand; "2,5" and "2.5" two and a half.
          Number(/[.,]\d{3}$/.test(word) ? word.replace(/[.,]/, "") : word.replace(",", "."))
        : null;
    if (digits !== null) {
      tokens.push({ word, value: digits });
      i++;
      continue;
    }
    // "the cheaper one", "this one", "el otro": a pronoun, not a count.
    // "the stretch wrap one": "one" closing a phrase opened by "the" stands for a product.
    const closesThePhrase =
      word === "one" && !words[i + 1] && words.slice(Math.max(0, i - 4), i).some((w) => w === "the" || w === "that");
    const pronoun = (["one", "uno", "una"].includes(word) && PRONOUN_BEFORE.has(words[i - 1] ?? "")) || closesThePhrase;
    const spelled = pronoun ? null : spelledNumber(words, i);
    if (spelled) {
      tokens.push({ word: words.slice(i, i + spelled.length).join(" "), value: spelled.value });
      i += spelled.length;
      continue;
    }
    tokens.push({ word, value: null });
    i++;
  }
  return tokens;
}

/** "twenty five", "twenty-five", "ciento veinte", "treinta y dos", "veinte": the number and how many words it took. */
function spelledNumber(words: string[], start: number): { value: number; length: number } | null {
  // "diez por ciento" is ten percent, not a hundred.
  if (words[start] === "ciento" && words[start - 1] === "por") return null;
  let value = 0;
  let i = start;
  const first = words[i]!;
  const hyphen = /^([a-z]+)-([a-z]+)$/.exec(first);
  if (hyphen && TENS[hyphen[1]!] !== undefined && UNITS[hyphen[2]!] !== undefined)
    return { value: TENS[hyphen[1]!]! + UNITS[hyphen[2]!]!, length: 1 };
  if (HUNDREDS[first] !== undefined) {
    value = HUNDREDS[first]!;
    i++;
  }
  const tens = words[i] !== undefined ? TENS[words[i]!] : undefined;
  if (tens !== undefined) {
    value += tens;
    i++;
    // "treinta y dos", "thirty two".
    const andUnit = words[i] === "y" && UNITS[words[i + 1] ?? ""] !== undefined ? 1 : 0;
    const unit = UNITS[words[i + andUnit] ?? ""];
    if (unit !== undefined && unit > 0 && unit < 10) {
      value += unit;
      i += andUnit + 1;
    }
  } else {
    const unit = words[i] !== undefined ? UNITS[words[i]!] : undefined;
    if (unit !== undefined) {
      value += unit;
      i++;
    }
  }
  return i > start ? { value, length: i - start } : null;
}
