import { article1 } from "./article-1";
import { article2 } from "./article-2";
import { article3 } from "./article-3";
import { article4 } from "./article-4";
import { article5 } from "./article-5";
import { article6 } from "./article-6";
import { article7 } from "./article-7";

/** The seven articles in Telugu, in the same order and with the same ids as the English ones. */
export const teArticles = [article1, article2, article3, article4, article5, article6, article7];
