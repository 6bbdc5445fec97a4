// Made by scripts/make-telugu-word.mjs (with public/media/telugu-word.svg); do not edit.
/** Each word's box in ems: its width, the ascender's height above the baseline, the descender's depth below it. */
export const TELUGU_WORDS = {
  full: { text: "తెలుగు", width: 2.972, ascent: 0.869, descent: 0.483 },
  short: { text: "తె", width: 0.882, ascent: 0.869, descent: 0.483 },
} as const;
