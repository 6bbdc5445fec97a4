import { sectionsFor } from "~/i18n/texts";
import { format } from "~/i18n/format";
import { localePath, type Lang } from "~/i18n/lang";

/**
 * The fish's page in a text message: the message's SQL appends the code of the order's first weighed fish (none
 * weighed: nothing is appended) to this start, "Your fish: https://…/fish/". Null without the store's address.
 */
export function fishLinkStart(config: { siteUrl: string | null }, lang: Lang): string | null {
  if (!config.siteUrl) return null;
  return format(sectionsFor({ lang }).fish.sms.page, { url: `${config.siteUrl}${localePath(lang, "/fish/x").slice(0, -1)}` });
}

/** The code of order `?1`'s first weighed fish, as a subquery. */
export const FIRST_FISH_CODE = "SELECT f.code FROM fish f JOIN order_items i ON i.id = f.order_item_id WHERE i.order_id = ?1 ORDER BY f.id LIMIT 1";
