import { and, count, eq, inArray } from "drizzle-orm";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { waitlistEntries } from "~/db/schema";
import type { Deps } from "~/deps";
import { formatDeliveryDate, isCalendarDate, PLANNING_DAYS, upcomingDates } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { formatDateTimeIst } from "~/lib/dates";
import { previewFill, queueSummary } from "./queue.server";

const m = shopAdminMessages.season;

/** The largest catch the preview takes (the catch screen's own ceiling is far above any day's fish). */
const PREVIEW_MAX = 10_000;

/**
 * The admin's view of a product's season (in English, as the admin's pages are): whether pre-booking is open and
 * until when, the queue's count, units and oldest advance, the waitlist's length, and, when asked (`?fillDate=&
 * fillQty=`), what a catch of that size on that date would fill first.
 */
export async function adminSeason(
  deps: Pick<Deps, "db" | "now">,
  product: { id: number; unit: ProductUnit; seasonUntil: string | null },
  ask: URLSearchParams,
) {
  const [summary, [waiting]] = await Promise.all([
    queueSummary(deps, [product.id]),
    deps.db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.productId, product.id), inArray(waitlistEntries.state, ["waiting", "held"]))),
  ]);
  const queue = summary.get(product.id);
  const qty = (q: number) => quantityText(q, product.unit);
  const dates = upcomingDates(deps.now(), PLANNING_DAYS);
  const fillDate = ask.get("fillDate");
  const fillQty = ask.get("fillQty");
  let preview: { text: string; ok: boolean } | null = null;
  if (fillDate !== null || fillQty !== null) {
    const n = /^\d{1,5}$/.test(fillQty ?? "") ? Number(fillQty) : NaN;
    if (!fillDate || !isCalendarDate(fillDate) || !dates.includes(fillDate) || !(n >= 0 && n <= PREVIEW_MAX)) preview = { text: m.previewBad, ok: false };
    else {
      const { fills, left } = await previewFill(deps, product.id, fillDate, n);
      const numbers = fills.length ? ` (${fills.map((f) => f.number).join(", ")})` : "";
      preview = { text: format(m.preview, { qty: qty(n), date: formatDeliveryDate(fillDate), n: fills.length, numbers, left: qty(left) }), ok: true };
    }
  }
  return {
    status: product.seasonUntil ? format(m.open, { date: formatDeliveryDate(product.seasonUntil) }) : m.closed,
    until: product.seasonUntil,
    queue: queue ? format(m.queue, { count: queue.count, qty: qty(queue.units), time: queue.oldest ? formatDateTimeIst(queue.oldest) : "" }) : m.queueEmpty,
    waitlist: format(m.waitlist, { n: waiting?.n ?? 0 }),
    dates: dates.map((d) => ({ value: d, label: formatDeliveryDate(d) })),
    ask: { fillDate: fillDate ?? dates[0], fillQty: fillQty ?? "" },
    preview,
  };
}
