/** The shop's languages: English at the plain paths, Telugu under `/te`. */
export const LANGS = ["en", "te"] as const;
export type Lang = (typeof LANGS)[number];
