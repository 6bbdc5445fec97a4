import { format } from "~/i18n/format";
import type { Lang } from "~/i18n/lang";
import { messagingMessages as english } from "~/i18n/messaging.messages";
import { messagingMessages as telugu } from "~/i18n/te/messaging.messages";
import { formatDateTimeIst } from "~/lib/dates";
import { formatRupees } from "~/lib/money";

/** An amount as an English SMS writes it ("Rs 31,000"): the rupee sign would make the whole message UCS-2. */
export function smsRupees(paise: number, lang: Lang): string {
  const amount = formatRupees(paise);
  return lang === "te" ? amount : amount.replace("₹", "Rs ");
}

/** What a weighing left the order with, as its message tells it. */
export type WeighedOutcome =
  { next: "answer"; limitPaise: number; dueAt: number } | { next: "due"; balancePaise: number } | { next: "paid" } | { next: "refund" };

/**
 * The SMS that an order's fish was weighed, in the customer's language: the final price, what comes next (the
 * balance, nothing, a refund of the difference, or their answer to a price above their limit) and, where the
 * store knows its address, the order page with the photos of the fish on the scale.
 */
export function weighedText(
  names: { brand: string },
  order: { number: string; finalPaise: number; pageUrl: string | null },
  outcome: WeighedOutcome,
  lang: Lang = "en",
): string {
  const m = lang === "te" ? telugu : english;
  const next =
    outcome.next === "answer"
      ? format(m.weighedNext.answer, { limit: smsRupees(outcome.limitPaise, lang), time: formatDateTimeIst(outcome.dueAt, lang) })
      : outcome.next === "due"
        ? format(m.weighedNext.due, { amount: smsRupees(outcome.balancePaise, lang) })
        : m.weighedNext[outcome.next];
  const text = format(m.weighed, { brand: names.brand, number: order.number, final: smsRupees(order.finalPaise, lang), next });
  return order.pageUrl ? `${text} ${format(m.weighedPhotos, { url: order.pageUrl })}` : text;
}
