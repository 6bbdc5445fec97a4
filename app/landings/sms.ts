import { sql, type SQL } from "drizzle-orm";
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

/** The code of the order's first weighed fish, as a subquery. */
export function firstFishCode(orderId: number): SQL {
  return sql`SELECT f.code FROM fish f JOIN order_items i ON i.id = f.order_item_id WHERE i.order_id = ${orderId} ORDER BY f.id LIMIT 1`;
}
