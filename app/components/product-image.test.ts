import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProductCardData } from "~/catalog/catalog.server";
import { ProductImage } from "./product-image";

const product = (over: Partial<ProductCardData>): ProductCardData => ({
  id: 1,
  slug: "fish",
  name: "తాజా పులస చేప",
  description: "",
  pricePaise: 2_500_000,
  unit: "kg",
  minQty: 1,
  maxQty: 5,
  image: "fresh-pulasa",
  category: "",
  today: "2026-11-24",
  days: [],
  orderable: true,
  photo: null,
  ...over,
});

const html = (p: ProductCardData) => renderToStaticMarkup(createElement(ProductImage, { product: p, sizes: "100vw", className: "" }));

describe("a product's image says the language of its alt text", () => {
  it("an uploaded photo's admin-entered English alt is marked English, also on a Telugu page", () => {
    const photo = { url: "/photos/a.jpg", width: 800, height: 600, alt: "A whole Pulasa on ice" };
    expect(html(product({ photo }))).toMatch(/<img [^>]*alt="A whole Pulasa on ice" lang="en"/);
  });

  it("the bundled picture's alt is the product's name, marked Telugu or English as it is written", () => {
    expect(html(product({}))).toMatch(/<img [^>]*alt="తాజా పులస చేప" lang="te"/);
    expect(html(product({ name: "Fresh Pulasa Fish" }))).toMatch(/<img [^>]*alt="Fresh Pulasa Fish" lang="en"/);
  });
});
