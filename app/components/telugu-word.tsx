import { TELUGU_WORDS } from "./telugu-word.generated";

/**
 * "తెలుగు" (or "తె") drawn from outlines of Noto Sans Telugu Bold (public/media/telugu-word.svg), the size and on
 * the baseline of the text around it, in its colour: for the English pages, whose only Telugu is this word, so
 * they never download a Telugu font. Named by its text for assistive technology.
 */
export function TeluguWord({ word }: { word: keyof typeof TELUGU_WORDS }) {
  const { text, width, ascent, descent } = TELUGU_WORDS[word];
  return (
    <svg
      role="img"
      aria-label={text}
      width={`${width}em`}
      height={`${ascent + descent}em`}
      style={{ verticalAlign: `-${descent}em` }}
      className="inline fill-current"
    >
      <use href={`/media/telugu-word.svg#${word}`} />
    </svg>
  );
}
