import { describe, expect, it } from "vitest";
import { productPageMessages as en } from "~/i18n/product-page.messages";
import { productPageMessages as te } from "~/i18n/te/product-page.messages";
import type { ProductCardData } from "./catalog.server";
import { paymentTexts, productJsonLd } from "./product-page";

const fish = { unit: "kg" as const, minQty: 1, maxQty: 5, pricePaise: 2_500_000 };
const curry = { unit: "pack" as const, minQty: 1, maxQty: 4, pricePaise: 2_580_000 };

describe("what a product page says about its price", () => {
  it("the price, the struck price 20% above it and the saving", () => {
    const texts = paymentTexts(fish, "Pulasa", en, "en");
    expect(texts).toMatchObject({ price: "₹25,000", perUnit: "per kg", struck: "₹30,000", youSave: "You save ₹5,000" });
  });

  it("what the ₹500 advance leaves to pay for the smallest order: about, after weighing, for fish; exactly, for packs", () => {
    expect(paymentTexts(fish, "Pulasa", en, "en").estimate).toBe("Pay ₹500 now and about ₹24,500 more after weighing for 1 kg.");
    expect(paymentTexts({ ...fish, minQty: 2 }, "Pulasa", en, "en").estimate).toBe("Pay ₹500 now and about ₹49,500 more after weighing for 2 kg.");
    expect(paymentTexts(curry, "Pulasa", en, "en").estimate).toBe("Pay ₹500 now and ₹25,300 more for 1 pack.");
    expect(paymentTexts({ ...curry, pricePaise: 30_000 }, "Pulasa", en, "en").estimate).toBe(
      "For 1 pack the ₹500 advance covers the price; what is left over is refunded.",
    );
    expect(paymentTexts(fish, "పులస", te, "te").estimate).toBe("1 కిలో: ఇప్పుడు ₹500, తూకం వేసిన తర్వాత బ్యాలెన్స్ సుమారు ₹24,500.");
  });

  it("the most one order may take, in the product's unit", () => {
    expect(paymentTexts(fish, "Pulasa", en, "en").upTo).toBe("Up to 5 kg per order");
    expect(paymentTexts(curry, "Pulasa", en, "en").upTo).toBe("Up to 4 packs per order");
    expect(paymentTexts(curry, "పులస", te, "te").upTo).toBe("ఒక్కో ఆర్డర్‌కు గరిష్ఠంగా 4 ప్యాక్‌లు");
  });

  it("the delivery slots in the checkout's words: 12-hour times, in Telugu the time of day in words, the zone once", () => {
    expect(paymentTexts(fish, "Pulasa", en, "en").delivery).toBe(
      "Delivered within the next 3 days in the slot you choose at checkout: morning, 7:00 AM – 11:00 AM, or evening, 3:00 PM – 8:00 PM (IST).",
    );
    expect(paymentTexts(fish, "పులస", te, "te").delivery).toBe(
      "రాబోయే 3 రోజుల్లో, చెక్‌అవుట్‌లో మీరు ఎంచుకునే స్లాట్‌లో డెలివరీ: ఉదయం 7:00 – 11:00 లేదా సాయంత్రం 3:00 – రాత్రి 8:00 (IST).",
    );
  });
});

describe("the product page's schema.org data", () => {
  const product = {
    ...fish,
    id: 1,
    slug: "fresh-fish",
    name: "Fresh Pulasa Fish",
    description: "Whole Godavari Pulasa.",
    category: "Fresh Fish",
    image: "fresh-pulasa",
    today: "2026-11-25",
    days: [],
    orderable: true,
    photo: null,
    seasonUntil: null,
  } satisfies ProductCardData;

  it("a Product with an Offer in INR per kg, in stock while it can be ordered and sold out when not", () => {
    const ld = productJsonLd(product, "https://shop.example", "Godavari Pulasa", "/media/fresh-pulasa-960.webp");
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Fresh Pulasa Fish",
      image: "https://shop.example/media/fresh-pulasa-960.webp",
      offers: {
        "@type": "Offer",
        url: "https://shop.example/products/fresh-fish",
        price: "25000.00",
        priceCurrency: "INR",
        availability: "https://schema.org/InStock",
        priceSpecification: { referenceQuantity: { unitCode: "KGM" } },
      },
    });
    expect(productJsonLd({ ...product, orderable: false }, "https://shop.example", "Godavari Pulasa", "/x.webp").offers.availability).toBe(
      "https://schema.org/SoldOut",
    );
  });
});
