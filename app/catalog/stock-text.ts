import { addDays, formatDeliveryDate } from "~/delivery/slots";
import type { Lang } from "~/i18n/lang";
import { quantityText, type ProductUnit } from "./units";

type Texts = { soldOutToday: string; soldOutOn: string; leftFor: string; nextWithStock: string; noneComing: string; today: string; tomorrow: string };

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/** "today", "tomorrow" or "Wed, 26 November". */
export function dayName(date: string, today: string, m: Pick<Texts, "today" | "tomorrow">, lang: Lang = "en"): string {
  if (date === today) return m.today;
  if (date === addDays(today, 1)) return m.tomorrow;
  return formatDeliveryDate(date, lang);
}

/**
 * What a product says about its stock: what is left for the first date that can still be booked, or that it
 * is sold out then ("Sold out today") and the next date with at least the minimum left.
 */
export type StockText = { soldOut: boolean; line: string; next: string | null };

export function stockText(
  p: { unit: ProductUnit; minQty: number; today: string; days: { date: string; left: number }[] },
  m: Texts,
  lang: Lang = "en",
): StockText {
  const first = p.days[0];
  if (!first) return { soldOut: true, line: m.noneComing, next: null };
  if (first.left >= p.minQty)
    return { soldOut: false, line: fill(m.leftFor, { qty: quantityText(first.left, p.unit, lang), date: dayName(first.date, p.today, m, lang) }), next: null };
  const line = first.date === p.today ? m.soldOutToday : fill(m.soldOutOn, { date: dayName(first.date, p.today, m, lang) });
  const later = p.days.find((d) => d.left >= p.minQty);
  return {
    soldOut: true,
    line,
    next: later ? fill(m.nextWithStock, { date: dayName(later.date, p.today, m, lang), qty: quantityText(later.left, p.unit, lang) }) : null,
  };
}
