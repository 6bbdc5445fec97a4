// Relative: the database schema imports this module, and vite.config.ts loads the schema without path aliases.
import { format } from "../i18n/format";
import type { Lang } from "~/i18n/lang";
import type { Messages } from "~/i18n/messages";

/** Units and order limits, pure and without dependencies (product cards load this in the browser). */
export const PRODUCT_UNITS = ["kg", "pack"] as const;
export type ProductUnit = (typeof PRODUCT_UNITS)[number];

/** "per kg" / "per pack" (in Telugu: "కిలోకు" / "ప్యాక్‌కు") */
export function perUnit(unit: ProductUnit, lang: Lang = "en"): string {
  if (lang === "te") return unit === "kg" ? "కిలోకు" : "ప్యాక్‌కు";
  return unit === "kg" ? "per kg" : "per pack";
}

/** "3 kg" / "1 pack" / "2 packs" (in Telugu: "3 కిలోలు" / "1 ప్యాక్" / "2 ప్యాక్‌లు") */
export function quantityText(n: number, unit: ProductUnit, lang: Lang = "en"): string {
  if (lang === "te") return unit === "kg" ? `${n} ${n === 1 ? "కిలో" : "కిలోలు"}` : `${n} ${n === 1 ? "ప్యాక్" : "ప్యాక్‌లు"}`;
  return unit === "kg" ? `${n} kg` : `${n} ${n === 1 ? "pack" : "packs"}`;
}

/** 2150 g → "2.15 kg" (grams are whole, so three decimals at most); "2.15 కిలోలు" in Telugu. */
export function weightText(grams: number, lang: Lang = "en"): string {
  return quantityText(Number((grams / 1000).toFixed(3)), "kg", lang);
}

/**
 * A line's quantity at its price, in the product's own unit: "1 kg × ₹25,000 per kg", "2 packs × ₹350 per
 * pack" (in Telugu: "1 కిలో × కిలోకు ₹25,000"). `price` is already written as money.
 */
export function quantityAtPrice(n: number, unit: ProductUnit, price: string, lang: Lang = "en"): string {
  const per = perUnit(unit, lang);
  // Telugu says "2 కిలోలు, కిలోకు ₹25,000 చొప్పున" (at ₹25,000 a kilo), not a multiplication sign.
  return lang === "te" ? `${quantityText(n, unit, lang)}, ${per} ${price} చొప్పున` : `${quantityText(n, unit, lang)} × ${price} ${per}`;
}

/**
 * Why a line's quantity is refused, in the language of `cart` (the catalogue's cart texts, `lang` their
 * language, `p.name` the product's name in it), or null when it is within the product's limits.
 */
export function limitProblem(
  p: { name: string; unit: ProductUnit; minQty: number; maxQty: number },
  quantity: number,
  cart: Pick<Messages["shop"]["cart"], "atLeast" | "atMost">,
  lang: Lang,
): string | null {
  if (quantity < p.minQty) return format(cart.atLeast, { qty: quantityText(p.minQty, p.unit, lang), name: p.name });
  if (quantity > p.maxQty) return format(cart.atMost, { qty: quantityText(p.maxQty, p.unit, lang), name: p.name });
  return null;
}
