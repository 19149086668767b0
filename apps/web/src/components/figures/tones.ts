// Good / bad figures on their tinted chips. The theme's state colours are dark enough for small text
// on their own 10 % tint (styles.css), so the chips use the tokens as they are.
export const GOOD_TONE = "bg-success/10 text-success dark:bg-success/15";
export const BAD_TONE = "bg-destructive/10 text-destructive dark:bg-destructive/15";
