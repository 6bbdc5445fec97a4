import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProductCardData } from "~/catalog/catalog.server";
import { photoView } from "~/catalog/photos";
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
  seasonUntil: null,
  ...over,
});

const html = (p: ProductCardData) => renderToStaticMarkup(createElement(ProductImage, { product: p, sizes: "100vw", className: "" }));

describe("a product's image says the language of its alt text", () => {
  it("an uploaded photo's admin-entered English alt is marked English, also on a Telugu page", () => {
    const photo = { url: "/photos/a.jpg", width: 800, height: 600, alt: "A whole Pulasa on ice", sources: [] };
    expect(html(product({ photo }))).toMatch(/<img [^>]*alt="A whole Pulasa on ice" lang="en"/);
  });

  it("the bundled picture's alt is the product's name, marked Telugu or English as it is written", () => {
    expect(html(product({}))).toMatch(/<img [^>]*alt="తాజా పులస చేప" lang="te"/);
    expect(html(product({ name: "Fresh Pulasa Fish" }))).toMatch(/<img [^>]*alt="Fresh Pulasa Fish" lang="en"/);
  });
});

describe("an uploaded photo with copies is a picture of AVIF and WebP sources over its uploaded file", () => {
  const name = (c: string) => c.repeat(64);
  const photo = photoView({ name: `${name("a")}.jpg`, width: 1200, height: 900, alt: "A whole Pulasa on ice" }, [
    { name: `${name("d")}.webp`, format: "webp", width: 960 },
    { name: `${name("b")}.avif`, format: "avif", width: 960 },
    { name: `${name("c")}.avif`, format: "avif", width: 480 },
    { name: `${name("e")}.webp`, format: "webp", width: 480 },
  ]);

  it("offers AVIF first, then WebP, each narrowest first with its width, sized as the page lays it out", () => {
    const markup = html(product({ photo }));
    expect(markup).toContain(
      `<picture><source type="image/avif" srcSet="/photos/${name("c")}.avif 480w, /photos/${name("b")}.avif 960w" sizes="100vw"/>` +
        `<source type="image/webp" srcSet="/photos/${name("e")}.webp 480w, /photos/${name("d")}.webp 960w" sizes="100vw"/>`,
    );
    // The uploaded file stays the <img>, with the photo's own size, so the box is known before any copy loads.
    expect(markup).toMatch(new RegExp(`<img src="/photos/${name("a")}\\.jpg" alt="A whole Pulasa on ice" lang="en" width="1200" height="900"`));
  });

  it("without copies (no Images binding, or a failed transform) it is the uploaded file alone", () => {
    const markup = html(product({ photo: photoView({ name: `${name("a")}.jpg`, width: 1200, height: 900, alt: "A whole Pulasa on ice" }, []) }));
    expect(markup).not.toContain("<source");
    expect(markup).toContain(`<img src="/photos/${name("a")}.jpg"`);
  });

  it("a format with a copy missing offers what it has; a format with none is left out", () => {
    expect(photoView({ name: "x.png", width: 400, height: 300, alt: "x" }, [{ name: "y.webp", format: "webp", width: 400 }]).sources).toEqual([
      { type: "image/webp", srcSet: "/photos/y.webp 400w" },
    ]);
  });
});
