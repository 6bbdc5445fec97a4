import type { Lang } from "~/i18n/lang";
import { teArticles } from "../te/blogs";
import type { Blog, ContentContext } from "../types";
import { article1 } from "./article-1";
import { article2 } from "./article-2";
import { article3 } from "./article-3";
import { article4 } from "./article-4";
import { article5 } from "./article-5";
import { article6 } from "./article-6";
import { article7 } from "./article-7";

const articles: Record<Lang, ((c: ContentContext) => Blog)[]> = {
  en: [article1, article2, article3, article4, article5, article6, article7],
  te: teArticles,
};

/** All seven articles in `lang`, ordered by id. */
export function getBlogs(c: ContentContext, lang: Lang = "en"): Blog[] {
  return articles[lang].map((article) => article(c)).sort((a, b) => a.id - b.id);
}

/** One article by id in `lang`, or undefined when no article has that id. */
export function getBlog(c: ContentContext, id: number, lang: Lang = "en"): Blog | undefined {
  return getBlogs(c, lang).find((blog) => blog.id === id);
}
