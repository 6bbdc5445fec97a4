import { quantityText } from "~/catalog/units";
import type { Deps } from "~/deps";
import { formatDeliveryDate } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { sectionsFor } from "~/i18n/texts";
import type { OrderView } from "~/orders/lookup.server";
import { placeWord } from "~/waitlist/place";
import { queuePlace, recentDailyCatch } from "./queue.server";

/**
 * What an unfilled pre-booking tells its shopper, in the page's language: its place in the queue with what it
 * asks for and its last date, and how far away that is at the last two weeks' catch (the units queued up to and
 * including it, over the average day's catch). Null for any other order.
 */
export async function queueSentences(deps: Pick<Deps, "db" | "lang" | "now">, order: OrderView): Promise<string[] | null> {
  const line = order.items[0];
  if (!line?.productId) return null;
  const place = await queuePlace(deps, order, line.productId);
  if (!place) return null;
  const s = sectionsFor(deps).season;
  const daily = await recentDailyCatch(deps, line.productId, deps.now());
  return [
    format(s.place, {
      place: placeWord(place.place, deps.lang),
      qty: quantityText(place.quantity, line.unit, deps.lang),
      date: formatDeliveryDate(place.latestDate, deps.lang),
    }),
    daily > 0 ? format(s.estimate, { days: String(Math.max(1, Math.ceil(place.through / daily))) }) : s.estimateNone,
  ];
}
