// Later Tailwind utilities win over earlier ones that set the same property: `cn("px-3 h-9", "h-10")`
// gives "px-3 h-10". Tailwind's CSS order, not the class order, decides which of two conflicting
// utilities applies, so a component's own classes must be dropped when a caller overrides them.
//
// This knows the utility families this app writes, not all of Tailwind: the general-purpose library
// for the job cost 9 KB gzip of the signed-in shell's 150 KB budget. `class-merge.test.ts` checks it
// against that library (a dev dependency) for every pair of classes in the app's source, so a class
// family it does not know yet fails the test instead of styling a screen wrongly.

type Rule = readonly [pattern: RegExp, group: string | ((match: RegExpExecArray) => string)];

const SIZES = "xs|sm|base|lg|xl|\\d?xl";
const ARBITRARY_LENGTH = /^\[(?:length:.*|-?[\d.]+[a-z%]*|calc\(.*\)|clamp\(.*\)|min\(.*\)|max\(.*\))\]$/;
const ARBITRARY_IMAGE = /^\[(?:image:.*|url\(.*\)|(?:repeating-)?(?:linear|radial|conic)-gradient\(.*\))\]$/;
const SIDE_GROUP: Record<string, string> = { x: "x", y: "y", s: "s", e: "e", t: "t", r: "r", b: "b", l: "l" };

/** A value that is a width (a number, a length) rather than a colour. */
const isWidth = (value: string | undefined) =>
  value === undefined || /^\d+$/.test(value) || ARBITRARY_LENGTH.test(value) || value.startsWith("(length:");

/** The family of a utility with its variants and `!` removed; undefined when it is not one we know. */
const RULES: readonly Rule[] = [
  [
    /^(?:block|inline-block|inline|flex|inline-flex|table|inline-table|table-caption|table-cell|table-column|table-row|flow-root|grid|inline-grid|contents|list-item|hidden)$/,
    "display",
  ],
  [/^(?:static|fixed|absolute|relative|sticky)$/, "position"],
  [/^(?:visible|invisible|collapse)$/, "visibility"],
  [/^(?:sr-only|not-sr-only)$/, "sr"],
  [/^(?:isolate|isolation-auto)$/, "isolation"],
  [/^(?:inset-x|inset-y|inset|top|right|bottom|left|start|end)-/, (m) => m[0].slice(0, -1)],
  [/^(?:p[xytrblse]?)-/, (m) => m[0].slice(0, -1)],
  [/^(?:m[xytrblse]?)-/, (m) => m[0].slice(0, -1)],
  [/^(?:space-[xy])-reverse$/, (m) => `${m[0]}`],
  [/^(?:space-[xy])-/, (m) => m[0].slice(0, -1)],
  [/^(?:gap-[xy]|gap)-/, (m) => m[0].slice(0, -1)],
  [/^(?:min-w|max-w|min-h|max-h|size|w|h)-/, (m) => m[0].slice(0, -1)],
  [/^flex-(?:row|col)(?:-reverse)?$/, "flex-direction"],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, "flex-wrap"],
  [/^flex-/, "flex"],
  [/^(?:grow|shrink)(?:-|$)/, (m) => m[0].replace(/-$/, "")],
  [/^basis-/, "basis"],
  [/^order-(?:first|last|none|\d+|\[.+\])$/, "order"],
  [/^grid-cols-/, "grid-cols"],
  [/^grid-rows-/, "grid-rows"],
  [/^grid-flow-/, "grid-flow"],
  [/^col-(?:span-\w+|auto|full)$/, "col-start-end"],
  [/^col-start-/, "col-start"],
  [/^col-end-/, "col-end"],
  [/^row-(?:span-\w+|auto|full)$/, "row-start-end"],
  [/^row-start-/, "row-start"],
  [/^row-end-/, "row-end"],
  [/^row-end-/, "row-end"],
  [/^auto-(?:cols|rows)-/, (m) => m[0].slice(0, -1)],
  [/^justify-items-/, "justify-items"],
  [/^justify-self-/, "justify-self"],
  [/^justify-/, "justify-content"],
  [/^items-/, "align-items"],
  [/^self-/, "align-self"],
  [/^content-(?:normal|center|start|end|between|around|evenly|baseline|stretch)$/, "align-content"],
  [/^content-(?:none|\[.+\]|\(.+\))$/, "content"],
  [/^place-(?:content|items|self)-/, (m) => m[0].slice(0, -1)],
  [new RegExp(`^text-(?:${SIZES})(?:/|$)`), "font-size"],
  [/^text-(?:left|center|right|justify|start|end)$/, "text-alignment"],
  [/^text-(?:ellipsis|clip)$|^truncate$/, "text-overflow"],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-(.+)$/, (m) => (ARBITRARY_LENGTH.test(m[1]!) ? "font-size" : "text-color")],
  [/^font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black|\d+)$/, "font-weight"],
  [/^font-/, "font-family"],
  [/^leading-/, "leading"],
  [/^tracking-/, "tracking"],
  [/^whitespace-/, "whitespace"],
  [/^break-(?:normal|words|all|keep)$/, "break"],
  [/^line-clamp-/, "line-clamp"],
  [/^(?:uppercase|lowercase|capitalize|normal-case)$/, "text-transform"],
  [/^(?:italic|not-italic)$/, "font-style"],
  [/^(?:underline|overline|line-through|no-underline)$/, "text-decoration"],
  [/^underline-offset-/, "underline-offset"],
  [/^decoration-(?:solid|double|dotted|dashed|wavy)$/, "decoration-style"],
  [/^decoration-(?:auto|from-font|\d+|\[(?:length:.+|-?[\d.]+[a-z%]*)\])$/, "decoration-thickness"],
  [/^decoration-/, "decoration-color"],
  [/^(?:tabular|proportional)-nums$/, "fvn-spacing"],
  [/^(?:lining|oldstyle)-nums$/, "fvn-figure"],
  [/^align-/, "vertical-align"],
  [/^list-(?:inside|outside)$/, "list-style-position"],
  [/^list-/, "list-style-type"],
  [/^bg-(?:fixed|local|scroll)$/, "bg-attachment"],
  [/^bg-(?:auto|cover|contain)$/, "bg-size"],
  [/^bg-(?:no-repeat|repeat(?:-.+)?)$/, "bg-repeat"],
  [/^bg-(?:none|linear-.+|radial(?:-.+)?|conic(?:-.+)?)$/, "bg-image"],
  [/^bg-\[(?:size|length|percentage):.+\]$/, "bg-size"],
  [/^bg-\[position:.+\]$/, "bg-position"],
  [/^bg-(.+)$/, (m) => (ARBITRARY_IMAGE.test(m[1]!) ? "bg-image" : "bg-color")],
  [/^(?:from|via|to)-/, (m) => `gradient-${m[0].slice(0, -1)}`],
  [/^(?:rounded(?:-(?:ss|se|ee|es|tl|tr|br|bl|[setrbl]))?)(?:-|$)/, (m) => m[0].replace(/-$/, "")],
  // Tables' border model, not a border: `border-collapse` must not take a border colour's place.
  [/^border-(?:collapse|separate)$/, "border-collapse"],
  [/^border-(?:solid|dashed|dotted|double|hidden|none)$/, "border-style"],
  [
    /^border(?:-([xysetrbl]))?(?:-(.+))?$/,
    (m) => {
      const side = m[1] ? `-${SIDE_GROUP[m[1]]}` : "";
      return `${isWidth(m[2]) ? "border-w" : "border-color"}${side}`;
    },
  ],
  [/^divide-[xy](?:-reverse)?(?:-|$)/, (m) => m[0].replace(/-$/, "")],
  [/^divide-/, "divide-color"],
  [/^accent-/, "accent-color"],
  [/^outline-(?:none|hidden|solid|dashed|dotted|double)$/, "outline-style"],
  [/^outline-offset-/, "outline-offset"],
  [/^outline(?:-(.+))?$/, (m) => (isWidth(m[1]) ? "outline-w" : "outline-color")],
  [/^ring-inset$/, "ring-w-inset"],
  [/^ring-offset-(.+)$/, (m) => (isWidth(m[1]) ? "ring-offset-w" : "ring-offset-color")],
  [/^ring(?:-(.+))?$/, (m) => (isWidth(m[1]) ? "ring-w" : "ring-color")],
  [/^shadow(?:-(?:2xs|xs|sm|md|lg|xl|2xl|none|inner))?$/, "shadow"],
  [/^shadow-/, "shadow-color"],
  [
    /^(?:opacity|z|cursor|pointer-events|select|duration|ease|delay|origin|aspect|fill|stroke)-/,
    (m) => m[0].slice(0, -1),
  ],
  [/^resize(?:-|$)/, "resize"],
  // Tailwind's own animations; a theme's custom ones are left alone, as the reference merger does.
  [/^animate-(?:none|spin|ping|pulse|bounce|\[.+\]|\(.+\))$/, "animate"],
  [/^overflow-[xy]-/, (m) => m[0].slice(0, -1)],
  [/^overflow-/, "overflow"],
  [/^overscroll-[xy]-/, (m) => m[0].slice(0, -1)],
  [/^overscroll-/, "overscroll"],
  [/^transition(?:-|$)/, "transition"],
  [/^translate-[xyz]-/, (m) => m[0].slice(0, -1)],
  [/^(?:rotate|scale)-/, (m) => m[0].slice(0, -1)],
  [/^object-(?:contain|cover|fill|none|scale-down)$/, "object-fit"],
  [/^object-/, "object-position"],
  [/^backdrop-blur(?:-|$)/, "backdrop-blur"],
  [/^blur(?:-|$)/, "blur"],
  [/^scroll-(?:auto|smooth)$/, "scroll-behavior"],
  [/^scroll-[mp][xytrblse]?-/, (m) => m[0].slice(0, -1)],
  [/^caption-(?:top|bottom)$/, "caption"],
  [/^table-(?:auto|fixed)$/, "table-layout"],
  [/^field-sizing-(?:content|fixed)$/, "field-sizing"],
  [/^@container(?:\/.+)?$/, "container-type"],
  [/^filter(?:-none)?$/, "filter"],
  [/^\[([a-z-]+):.+\]$/, (m) => `arbitrary-${m[1]}`],
];

const SIDES = ["x", "y", "s", "e", "t", "r", "b", "l"];
const CORNERS: Record<string, readonly string[]> = {
  "rounded-s": ["rounded-ss", "rounded-es"],
  "rounded-e": ["rounded-se", "rounded-ee"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
};

/** Groups a later class of each group (the key) replaces, beyond its own. */
const CONFLICTS: Record<string, readonly string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  overscroll: ["overscroll-x", "overscroll-y"],
  inset: ["inset-x", "inset-y", "start", "end", "top", "right", "bottom", "left"],
  "inset-x": ["start", "end", "right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["ps", "pe", "pr", "pl"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["ms", "me", "mr", "ml"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "line-clamp": ["display", "overflow"],
  rounded: Object.entries(CORNERS).flat(2),
  ...CORNERS,
  "border-w": SIDES.map((side) => `border-w-${side}`),
  "border-w-x": ["border-w-s", "border-w-e", "border-w-r", "border-w-l"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": SIDES.map((side) => `border-color-${side}`),
  "border-color-x": ["border-color-s", "border-color-e", "border-color-r", "border-color-l"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

// Variants whose order changes the selector (`before:*:` is not `*:before:`); others may be reordered.
const ORDER_SENSITIVE = new Set([
  "*",
  "**",
  "after",
  "backdrop",
  "before",
  "file",
  "first-letter",
  "first-line",
  "marker",
  "placeholder",
  "selection",
]);

/**
 * The characters a pattern's match can begin with, read off its source (`^word…`, `^(?:a…|b…)`, and
 * top-level `…|^…`), or null when it could begin with anything: a superset, never fewer.
 */
export function leadingChars(source: string): Set<string> | null {
  const chars = new Set<string>();
  for (const branch of topLevelBranches(source)) {
    if (!branch.startsWith("^")) return null;
    const first = firstOf(branch.slice(1));
    if (first === null) return null;
    for (const char of first) chars.add(char);
  }
  return chars;
}

/** `a|(b|c)|d` → ["a", "(b|c)", "d"]: splits at the bars outside any group or class. */
function topLevelBranches(source: string): string[] {
  const branches: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (char === "\\") i++;
    else if (char === "(" || char === "[") depth++;
    else if (char === ")" || char === "]") depth--;
    else if (char === "|" && depth === 0) {
      branches.push(source.slice(start, i));
      start = i + 1;
    }
  }
  branches.push(source.slice(start));
  return branches;
}

/** The first characters `pattern` (a regex body, no `^`) can match, or null when not plainly literal. */
function firstOf(pattern: string): string[] | null {
  if (pattern.startsWith("(?:")) {
    let depth = 0;
    let end = -1;
    for (let i = 0; i < pattern.length && end === -1; i++) {
      if (pattern[i] === "\\") i++;
      else if (pattern[i] === "(") depth++;
      else if (pattern[i] === ")" && --depth === 0) end = i;
    }
    // An optional group may match nothing, and then what follows it comes first.
    if (end === -1 || /^[?*{]/.test(pattern.slice(end + 1))) return null;
    const chars: string[] = [];
    for (const branch of topLevelBranches(pattern.slice(3, end))) {
      const first = firstOf(branch);
      if (first === null) return null;
      chars.push(...first);
    }
    return chars;
  }
  const escaped = pattern.startsWith("\\");
  const char = escaped ? pattern[1] : pattern[0];
  const next = pattern[escaped ? 2 : 1];
  if (char === undefined || (escaped && /[a-zA-Z\d]/.test(char)) || (!escaped && /[.[(|)^$?*+{\\]/.test(char)))
    return null;
  // A first character that may be absent (`a?b`) is not the only possible start.
  return next !== undefined && /[?*{]/.test(next) ? null : [char];
}

/**
 * The rules that can match a utility starting with each character, in their order: a class is tried
 * against a handful of patterns instead of all of them (the first paint parses a few hundred classes).
 */
const RULES_BY_LEADING_CHAR = (() => {
  const leading = RULES.map(([pattern]) => leadingChars(pattern.source));
  const rulesFor = (char: string | null) =>
    RULES.filter((_, index) => leading[index] === null || (char !== null && leading[index]?.has(char)));
  const chars = new Set(leading.flatMap((set) => [...(set ?? [])]));
  return { byChar: new Map([...chars].map((char) => [char, rulesFor(char)])), anyStart: rulesFor(null) };
})();

function groupOf(utility: string): string | undefined {
  const rules = RULES_BY_LEADING_CHAR.byChar.get(utility[0] ?? "") ?? RULES_BY_LEADING_CHAR.anyStart;
  for (const [pattern, group] of rules) {
    const match = pattern.exec(utility);
    if (match) return typeof group === "string" ? group : group(match);
  }
  return undefined;
}

/** `md:hover:[&>svg]:size-3` → variants ["md", "hover", "[&>svg]"] and "size-3"; brackets may hold colons. */
function splitVariants(token: string): { variants: string[]; utility: string } {
  const variants: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < token.length; i++) {
    const char = token[i];
    if (char === "[" || char === "(") depth++;
    else if (char === "]" || char === ")") depth--;
    else if (char === ":" && depth === 0) {
      variants.push(token.slice(start, i));
      start = i + 1;
    }
  }
  return { variants, utility: token.slice(start) };
}

/** The variants as a key: order-free runs sorted, arbitrary and order-sensitive variants kept in place. */
function variantKey(variants: string[]): string {
  const key: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith("[") || ORDER_SENSITIVE.has(variant)) {
      key.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  key.push(...run.sort());
  return key.join(":");
}

// cn() runs on every render with a handful of distinct lists: remember answers rather than parse again.
const CACHE_LIMIT = 1000;
const cache = new Map<string, string>();

/** The class list with every class dropped that a later class of the same group (and variants) overrides. */
export function mergeClasses(classList: string): string {
  let merged = cache.get(classList);
  if (merged === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    merged = mergeUncached(classList);
    cache.set(classList, merged);
  }
  return merged;
}

// A cold page merges hundreds of lists made of the same few hundred classes: each class is parsed once.
const TOKEN_CACHE_LIMIT = 4000;
type ClassKey = { prefix: string; group: string };
/** A class's family and its variants (`md:hover:`, `!`), or null when it is not one we know. */
const classKeys = new Map<string, ClassKey | null>();

function keyOf(token: string): ClassKey | null {
  let key = classKeys.get(token);
  if (key === undefined) {
    const { variants, utility } = splitVariants(token);
    const important = utility.startsWith("!") || utility.endsWith("!");
    const group = groupOf(utility.replace(/^!|!$/g, "").replace(/^-/, ""));
    key = group === undefined ? null : { prefix: `${variantKey(variants)}:${important ? "!" : ""}`, group };
    if (classKeys.size >= TOKEN_CACHE_LIMIT) classKeys.clear();
    classKeys.set(token, key);
  }
  return key;
}

function mergeUncached(classList: string): string {
  const tokens = classList.split(/\s+/).filter(Boolean);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    const key = keyOf(token);
    if (key === null) {
      kept.push(token);
      continue;
    }
    const { prefix, group } = key;
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(prefix + other);
    kept.push(token);
  }
  return kept.reverse().join(" ");
}
