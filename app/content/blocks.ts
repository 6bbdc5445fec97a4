import type { Lang } from "~/i18n/lang";
import type { Block } from "./types";

/**
 * Words a reader gets through in a minute. A Telugu word carries its case endings and postpositions, so the same text
 * has about 30% fewer words than in English and each takes longer to read: 140 a minute gives an article about the
 * reading time of its English original.
 */
const WORDS_PER_MINUTE: Record<Lang, number> = { en: 200, te: 140 };

/** Small constructors that keep the long-form content files readable. */
export const p = (text: string): Block => ({ type: "p", text });
export const h2 = (text: string): Block => ({ type: "h2", text });
export const h3 = (text: string): Block => ({ type: "h3", text });
export const ul = (...items: string[]): Block => ({ type: "ul", items });
export const ol = (...items: string[]): Block => ({ type: "ol", items });
export const note = (text: string): Block => ({ type: "note", text });

/** Every word a reader sees in a list of blocks. */
export function countWords(blocks: Block[]): number {
  const text = blocks.map((b) => ("text" in b ? b.text : b.items.join(" "))).join(" ");
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Reading time in `lang` at its words a minute; an article with no text has none. */
export function readingMinutes(blocks: Block[], lang: Lang = "en"): number {
  const words = countWords(blocks);
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE[lang]));
}
