import type { Lang } from "~/i18n/lang";

/** A place in line as a sentence writes it: 1st, 2nd, 3rd, 4th, 11th, 21st in English; the number in Telugu (its template adds వ). */
export function placeWord(place: number, lang: Lang): string {
  if (lang === "te") return String(place);
  const lastTwo = place % 100;
  const suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[place % 10] ?? "th");
  return `${place}${suffix}`;
}
