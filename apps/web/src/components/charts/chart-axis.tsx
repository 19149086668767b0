// Axis labels for the Recharts charts, drawn without measuring. Recharts' own labels measure every word
// in the page (a hidden span and a layout each, to wrap the label), and its default spacing measures
// every label again to drop the ones that would touch: on a phone, a month of daily ticks spent more time
// in those layouts than in drawing the chart. An axis label here is one short word or two, never
// wrapped, and the spacing is chosen from the number of points.

/** Muted, 12 px: the app's caption style, in the theme's colours. */
const LABEL = { fill: "var(--muted-foreground)", fontSize: 12 };

/** Where Recharts puts a label's baseline for its vertical anchor, as its own Text does. */
const BASELINE = { start: "0.71em", middle: "0.355em", end: "0" } as const;

type TickProps = {
  x?: number | string;
  y?: number | string;
  textAnchor?: "start" | "middle" | "end" | "inherit";
  verticalAnchor?: keyof typeof BASELINE;
  payload?: { value?: unknown };
  index?: number;
  tickFormatter?: (value: never, index: number) => string;
  className?: string;
};

/**
 * An axis label as plain SVG text, given to an axis as `tick={<AxisTick />}`: Recharts adds the position,
 * anchors, value and formatter. `color` is the text's colour (Recharts' own `fill` is the axis stroke).
 */
export function AxisTick({
  x,
  y,
  textAnchor,
  verticalAnchor = "middle",
  payload,
  index = 0,
  tickFormatter,
  className,
  color = LABEL.fill,
}: TickProps & { color?: string }) {
  const value = payload?.value;
  const text = tickFormatter ? tickFormatter(value as never, index) : String(value ?? "");
  return (
    <text
      x={x}
      y={y}
      dy={BASELINE[verticalAnchor]}
      textAnchor={textAnchor}
      fill={color}
      fontSize={LABEL.fontSize}
      className={className}
    >
      {text}
    </text>
  );
}

/**
 * The props every axis shares: plain labels, no tick marks, no axis line, and every label shown (`interval`
 * 0, which Recharts takes without measuring): a value or category axis has a handful, far apart. A time
 * axis sets its own interval (timeAxisInterval).
 */
export const AXIS = { tick: <AxisTick />, tickLine: false, axisLine: false, interval: 0 } as const;

/** 12 px text averages about 7 px a character; labels keep at least 16 px apart. */
const CHAR_PX = 7;
const LABEL_GAP_PX = 16;
/** What a value axis beside the time axis takes of the chart's width. */
const VALUE_AXIS_PX = 56;

/**
 * Recharts' `interval` for a time axis: every n-th label, as many as fit `width` px (the chart's, from
 * useChartWidth) without touching, judged by the longest label. `valueAxes` is how many value axes share
 * the width (one on the left, and one on the right for a second series).
 */
export function timeAxisInterval(labels: readonly string[], width: number, valueAxes = 1): number {
  if (labels.length === 0) return 0;
  const longest = Math.max(...labels.map((label) => label.length));
  const fit = Math.max(1, Math.floor((width - valueAxes * VALUE_AXIS_PX) / (longest * CHAR_PX + LABEL_GAP_PX)));
  return Math.max(0, Math.ceil(labels.length / fit) - 1);
}
