// Text colours for good / bad figures on their tinted chips. The theme's --success and --destructive
// are too light for 12 px text on a 10 % tint in the light theme (axe: 2.9:1 and 4:1), so the light
// theme uses darker shades of the same hues; the dark theme's own tokens already pass.
export const GOOD_TONE = "bg-success/10 text-[oklch(0.46_0.13_150)] dark:bg-success/15 dark:text-success";
export const BAD_TONE = "bg-destructive/10 text-[oklch(0.48_0.19_27)] dark:bg-destructive/15 dark:text-destructive";
