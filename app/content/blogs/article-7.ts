import type { Blog, ContentContext } from "../types";

/** Article 7 exists only as a title for now: /blogs/7 answers, but the index lists only articles 1–6. */
export function article7(c: ContentContext): Blog {
  return {
    id: 7,
    title: `The ${c.product} Season Calendar: When to Order and How to Store Your Fish`,
    category: "Guides",
    summary: "A month-by-month guide to the season, with tips on storing and handling your fish, is on its way.",
    image: null,
    readMinutes: 0,
    publishedOn: "2026-10-05",
    sections: [],
  };
}
