import type { ProductCardData } from "./catalog.server";
import { perUnit, quantityText } from "./units";

/**
 * What a product page says about paying and limits, and its schema.org Product with its Offer, pure. Prices
 * are in rupees there (schema.org's number), integer paise everywhere else.
 */

export const productPageMessages = {
  back: "← All products",
  howHeading: "How paying works",
  advance: "Pay the ₹500 token advance now to reserve your {product}.",
  balanceKg:
    "After the catch we weigh your fish. The final price is {price} per kg × its actual weight; you pay the balance (final price − ₹500) by payment link or on delivery.",
  balancePack: "The final price is {price} per pack × the packs you order; you pay the balance (final price − ₹500) by payment link or on delivery.",
  refund: "If we cannot catch or deliver your order, the ₹500 is refunded in full.",
  limitsHeading: "How much you can order",
  limits: "From {min} to {max} per order, in whole {units}.",
  limitsKg: "A fish is not cut to order: the weighed fish comes close to the kilos you choose.",
  stockHeading: "Stock for the coming days",
  stockCaption: "What is left of the catch for each delivery date",
  date: "Delivery date",
  left: "Left",
  soldOut: "Sold out",
  delivery: "Delivered in a morning (7:00–11:00) or evening (15:00–20:00) slot you choose at checkout, within the next 3 days.",
} as const;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

export function paymentTexts(p: Pick<ProductCardData, "unit" | "minQty" | "maxQty">, price: string, product: string) {
  const m = productPageMessages;
  return {
    advance: fill(m.advance, { product }),
    balance: fill(p.unit === "kg" ? m.balanceKg : m.balancePack, { price }),
    refund: m.refund,
    limits: fill(m.limits, { min: quantityText(p.minQty, p.unit), max: quantityText(p.maxQty, p.unit), units: p.unit === "kg" ? "kilos" : "packs" }),
    limitsNote: p.unit === "kg" ? m.limitsKg : null,
    perUnit: perUnit(p.unit),
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
