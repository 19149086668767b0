import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { leadingChars, mergeClasses } from "./class-merge.ts";

// `mergeClasses` knows only the utility families this app writes. These tests hold it to the
// general-purpose merger on every pair of classes found in the app's source, so a new family that it
// does not know (a class a component overrides and the merge keeps both of) fails here.

const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // class-merge.ts itself is left out: its strings are group names, not classes.
    const isSource = /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && entry.name !== "class-merge.ts";
    return isSource ? [full] : [];
  });
}

/** Every class-like word of every string literal in the app's source (with some words of prose: harmless). */
function sourceClasses(): string[] {
  const classes = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, "utf8").matchAll(/"([^"\n]*)"|`([^`]*)`/g)) {
      for (const word of (match[1] ?? match[2] ?? "").split(/\s+/)) {
        if (/^!?-?[a-z0-9@*[][^\s"'`${}]*$/.test(word)) classes.add(word);
      }
    }
  }
  return [...classes];
}

describe("mergeClasses", () => {
  it("lets the later of two conflicting utilities win, variant by variant", () => {
    expect(mergeClasses("h-9 px-4 py-2 h-10")).toBe("px-4 py-2 h-10");
    expect(mergeClasses("p-4 px-2")).toBe("p-4 px-2");
    expect(mergeClasses("px-2 p-4")).toBe("p-4");
    expect(mergeClasses("text-sm text-muted-foreground text-xs")).toBe("text-muted-foreground text-xs");
    expect(mergeClasses("hover:bg-muted focus:bg-muted bg-card hover:bg-accent")).toBe(
      "focus:bg-muted bg-card hover:bg-accent",
    );
    expect(mergeClasses("dark:hover:bg-muted hover:dark:bg-accent")).toBe("hover:dark:bg-accent");
    expect(mergeClasses("border border-input border-0 border-destructive")).toBe("border-0 border-destructive");
    expect(mergeClasses("[&>svg]:size-4 [&>svg]:size-3 size-8")).toBe("[&>svg]:size-3 size-8");
    expect(mergeClasses("size-8 w-full")).toBe("size-8 w-full");
    expect(mergeClasses("w-full size-8")).toBe("size-8");
    expect(mergeClasses("leading-6 text-sm")).toBe("text-sm");
    expect(mergeClasses("data-testid custom-thing custom-thing")).toBe("data-testid custom-thing custom-thing");
  });

  // Pairs the merger must treat as the reference does; the differences, listed so a failure names them.
  function differences(pairs: Iterable<[string, string]>): string[] {
    const found: string[] = [];
    for (const [first, second] of pairs) {
      const list = `${first} ${second}`;
      const ours = mergeClasses(list);
      const reference = twMerge(list);
      if (ours !== reference) found.push(`"${list}": ours "${ours}", reference "${reference}"`);
    }
    return found.slice(0, 40);
  }
  const words = sourceClasses();
  // A class either merger knows collapses when doubled; words neither knows are kept as they are by both.
  const classes = words.filter(
    (word) => twMerge(`${word} ${word}`) === word || mergeClasses(`${word} ${word}`) === word,
  );
  const utilityOf = (name: string) => name.slice(name.lastIndexOf(":") + 1);
  const prefixOf = (name: string) => name.slice(0, name.length - utilityOf(name).length);

  it("knows which words of the app's source are classes, as the reference does", () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(differences(words.map((word) => [word, word]))).toEqual([]);
  });

  // Several hundred thousand pairs through both mergers: seconds alone, minutes on a busy two-core
  // machine (it ran past the project's 60 s there).
  it("agrees with the reference on every pair of the app's utilities, and of its classes under one variant", () => {
    const utilities = [...new Set(classes.map(utilityOf))];
    const pairs = function* (): Generator<[string, string]> {
      for (const first of utilities) for (const second of utilities) yield [first, second];
      for (const first of classes) {
        // Pairs without a variant are among the utilities' pairs already.
        const prefix = prefixOf(first);
        if (prefix) for (const second of classes) if (prefixOf(second) === prefix) yield [first, second];
        // The same utility without the variant: both stay.
        yield [first, utilityOf(first)];
        yield [utilityOf(first), first];
      }
    };
    expect(differences(pairs())).toEqual([]);
  }, 300_000);
});

describe("leadingChars", () => {
  const chars = (source: string) => {
    const set = leadingChars(source);
    return set && [...set].sort().join("");
  };

  it("reads the first characters off a literal start, a group of words and top-level branches", () => {
    expect(chars("^(?:block|inline|flex)$")).toBe("bfi");
    expect(chars("^text-(?:ellipsis|clip)$|^truncate$")).toBe("t");
    expect(chars("^(?:p[xytrblse]?)-")).toBe("p");
    expect(chars("^\\[([a-z-]+):.+\\]$")).toBe("[");
    expect(chars("^@container(?:\\/.+)?$")).toBe("@");
  });

  it("answers null whenever a match could begin elsewhere, so no rule is ever skipped", () => {
    expect(chars("^a?b")).toBeNull();
    expect(chars("^(?:a|b)?c")).toBeNull();
    expect(chars("^(?:a|.b)")).toBeNull();
    expect(chars("^\\d+")).toBeNull();
    expect(chars("text-")).toBeNull();
    expect(chars("^a|b")).toBeNull();
  });
});
