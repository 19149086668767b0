// Names sort the same on PGlite and PostgreSQL (whose collations differ) by sorting in code, with
// accents and case folded the way people expect ("Analítica" before "Cobranza").
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Two texts in that order (people's names, emails): accents, case and numbers as people expect. */
export function compareText(a: string, b: string): number {
  return collator.compare(a, b);
}

export function byName<T extends { name: string; id: string }>(a: T, b: T): number {
  return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
