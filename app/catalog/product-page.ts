import { DELIVERY_WINDOW_DAYS, formatSlotHours } from "~/delivery/slots";
import type { productPageMessages } from "~/i18n/product-page.messages";
import type { Lang } from "~/i18n/lang";
import type { Translation } from "~/i18n/te/translation";
import { withZone } from "~/lib/dates";
import { formatRupees } from "~/lib/money";
import { ADVANCE_PAISE, savingPaise, struckPricePaise } from "~/orders/rules";
import type { ProductCardData } from "./catalog.server";
import { perUnit, quantityText } from "./units";

/**
 * What a product page says about paying and limits, and its schema.org Product with its Offer, pure. Prices
 * are in rupees there (schema.org's number), integer paise everywhere else.
 */

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/**
 * What the smallest order costs beyond the advance: about (price × the minimum) − ₹500 after weighing for fish,
 * exactly that for packs; an advance that covers it all is said so (the rest is refunded).
 */
function estimateText(p: Pick<ProductCardData, "unit" | "minQty" | "pricePaise">, m: Translation<typeof productPageMessages>, lang: Lang): string {
  const qty = quantityText(p.minQty, p.unit, lang);
  const balance = p.pricePaise * p.minQty - ADVANCE_PAISE;
  if (balance <= 0) return fill(m.estimateCovered, { qty });
  return fill(p.unit === "kg" ? m.estimateKg : m.estimatePack, { balance: formatRupees(balance), qty });
}

export function paymentTexts(
  p: Pick<ProductCardData, "unit" | "minQty" | "maxQty" | "pricePaise">,
  product: string,
  m: Translation<typeof productPageMessages>,
  lang: Lang,
) {
  const price = formatRupees(p.pricePaise);
  return {
    price,
    /** The struck-through "was" price, 20% above the price. */
    struck: formatRupees(struckPricePaise(p.pricePaise)),
    youSave: fill(m.youSave, { amount: formatRupees(savingPaise(p.pricePaise)) }),
    estimate: estimateText(p, m, lang),
    upTo: fill(m.upTo, { max: quantityText(p.maxQty, p.unit, lang) }),
    advance: fill(m.advance, { product }),
    balance: fill(p.unit === "kg" ? m.balanceKg : m.balancePack, { price }),
    refund: m.refund,
    limits: fill(m.limits, {
      min: quantityText(p.minQty, p.unit, lang),
      max: quantityText(p.maxQty, p.unit, lang),
      units: p.unit === "kg" ? m.kilos : m.packs,
    }),
    limitsNote: p.unit === "kg" ? m.limitsKg : null,
    perUnit: perUnit(p.unit, lang),
    /** The slots' hours as the checkout's slot picker and the policies write them. */
    delivery: fill(m.delivery, {
      morning: formatSlotHours("morning", lang),
      evening: withZone(formatSlotHours("evening", lang)),
      days: String(DELIVERY_WINDOW_DAYS),
    }),
  };
}

/** schema.org Product + Offer (price per kg or per pack as a UnitPriceSpecification) for search engines. */
export function productJsonLd(p: ProductCardData, origin: string, brand: string, imageUrl: string) {
  const price = (p.pricePaise / 100).toFixed(2);
  const url = `${origin}/products/${p.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: p.name,
    description: p.description,
    sku: p.slug,
    image: `${origin}${imageUrl}`,
    category: p.category,
    brand: { "@type": "Brand", name: brand },
    offers: {
      "@type": "Offer",
      url,
      price,
      priceCurrency: "INR",
      availability: p.orderable ? "https://schema.org/InStock" : "https://schema.org/SoldOut",
      areaServed: ["Andhra Pradesh", "Telangana"],
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: "INR",
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: p.unit === "kg" ? "KGM" : "XPK" },
      },
    },
  };
}

/** JSON for an inline script: `<` escaped so no text can close the script element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
