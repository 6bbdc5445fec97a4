import type { Blog, ContentContext } from "../types";
import { article1 } from "./article-1";
import { article2 } from "./article-2";
import { article3 } from "./article-3";
import { article4 } from "./article-4";
import { article5 } from "./article-5";
import { article6 } from "./article-6";
import { article7 } from "./article-7";

const articles = [article1, article2, article3, article4, article5, article6, article7];

/** All seven articles, ordered by id. */
export function getBlogs(c: ContentContext): Blog[] {
  return articles.map((article) => article(c)).sort((a, b) => a.id - b.id);
}

/** One article by id, or undefined when no article has that id. */
export function getBlog(c: ContentContext, id: number): Blog | undefined {
  return getBlogs(c).find((blog) => blog.id === id);
}
