import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import jpeg from "../../public/media/og-image.jpg?inline";
import narrowWebp from "../../public/media/fresh-pulasa-480.webp?inline";
import catchWebp from "../../public/media/story-catch-480.webp?inline";
import type { Deps } from "~/deps";
import { testDeps } from "../../tests/setup/deps";
import { loadContext } from "../../tests/setup/load-context";
import { loader as photoRoute } from "~/routes/photos.$name";
import { loader as productPage } from "~/routes/products_.$slug";
import { createProduct } from "./admin.server";
import { inspectPhoto } from "./photos";
import { addPhoto, deletePhoto, fillMissingCopies, listPhotos } from "./photos.server";
import { sha256Hex } from "./uploads.server";

// The test pool binds the Images binding (sharp, as Miniflare emulates it) and the auction Worker's R2 bucket,
// which stands in for the product photos.
const bucket = (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES;
const deps = { ...testDeps(), photos: bucket };

const file = async (dataUrl: string, name: string) => new File([await (await fetch(dataUrl)).arrayBuffer()], name);

async function product() {
  const slug = `copies-${crypto.randomUUID().slice(0, 8)}`;
  const id = await createProduct(deps, {
    name: "Copied Fish",
    slug,
    description: "A fish whose photos have copies.",
    category: "Fresh Fish",
    price: 2_500_000,
    unit: "kg",
    minQty: 1,
    maxQty: 5,
    image: "fresh-pulasa",
    sortOrder: 0,
  });
  return { id, slug };
}

type Row = { name: string; format: string; width: number; height: number; bytes: number };
const copiesOf = async (productId: number) =>
  (
    await env.DB.prepare(
      `SELECT v.name, v.format, v.width, v.height, v.bytes FROM product_photo_variants v JOIN product_photos p ON p.id = v.photo_id
       WHERE p.product_id = ? ORDER BY v.format, v.width`,
    )
      .bind(productId)
      .all<Row>()
  ).results;

async function page(slug: string, over: Partial<Deps> = {}) {
  const request = new Request(`https://store.test/products/${slug}`);
  return productPage({ request, context: { ...(await loadContext(request)), deps: { ...deps, ...over } }, params: { slug } });
}

// Each upload encodes its copies (sharp, in this process): on a busy shared machine that takes seconds.
describe("an uploaded photo's AVIF and WebP copies", { timeout: 120_000 }, () => {
  it("are made at 480, 720 and 960 px by the Images binding, stored under their own bytes' hash, served for a year and offered by the page", async () => {
    const { id, slug } = await product();
    await addPhoto(deps, id, await file(jpeg, "jar.jpg"), "A jar of Pulasa pickle");
    const copies = await copiesOf(id);
    // The photo is 1200 × 630: each copy keeps its shape.
    expect(copies.map((c) => [c.format, c.width, c.height])).toEqual([
      ["avif", 480, 252],
      ["avif", 720, 378],
      ["avif", 960, 504],
      ["webp", 480, 252],
      ["webp", 720, 378],
      ["webp", 960, 504],
    ]);
    for (const copy of copies) {
      const object = (await bucket.get(`products/${copy.name}`))!;
      const bytes = new Uint8Array(await object.arrayBuffer());
      expect(copy.name).toBe(`${await sha256Hex(bytes)}.${copy.format}`);
      expect(inspectPhoto(bytes)).toMatchObject({ ext: copy.format, width: copy.width, height: copy.height });
      expect(copy.bytes).toBe(bytes.length);
      const request = new Request(`https://store.test/photos/${copy.name}`);
      const res = (await photoRoute({ request, context: { ...(await loadContext(request)), deps }, params: { name: copy.name } })) as Response;
      expect(res.headers.get("Content-Type")).toBe(`image/${copy.format}`);
      expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
    }
    const [avif480, avif720, avif960, webp480, webp720, webp960] = copies.map((c) => `/photos/${c.name}`);
    const { product: shown } = await page(slug);
    expect(shown.photo).toMatchObject({ width: 1200, height: 630, alt: "A jar of Pulasa pickle" });
    expect(shown.photo?.url).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(shown.photo?.sources).toEqual([
      { type: "image/avif", srcSet: `${avif480} 480w, ${avif720} 720w, ${avif960} 960w` },
      { type: "image/webp", srcSet: `${webp480} 480w, ${webp720} 720w, ${webp960} 960w` },
    ]);
  });

  it("a photo uploaded before a width was added gets that width from the scheduled job, once; a format without copies stays so", async () => {
    const { id, slug } = await product();
    await addPhoto(deps, id, await file(jpeg, "jar.jpg"), "A jar of Pulasa pickle");
    // As an early upload left it: no 720 px copies, and no AVIF copies at all (its transform failed then).
    await env.DB.prepare(
      "DELETE FROM product_photo_variants WHERE (width = 720 OR format = 'avif') AND photo_id IN (SELECT id FROM product_photos WHERE product_id = ?)",
    )
      .bind(id)
      .run();
    expect(await fillMissingCopies(deps)).toBe(1);
    expect((await copiesOf(id)).map((c) => [c.format, c.width])).toEqual([
      ["webp", 480],
      ["webp", 720],
      ["webp", 960],
    ]);
    const webp720 = (await copiesOf(id))[1];
    expect(inspectPhoto(new Uint8Array(await (await bucket.get(`products/${webp720.name}`))!.arrayBuffer()))).toMatchObject({ ext: "webp", width: 720 });
    expect((await page(slug)).product.photo?.sources.map((s) => s.srcSet.split(", ").map((c) => c.split(" ")[1]))).toEqual([["480w", "720w", "960w"]]);
    expect(await fillMissingCopies(deps)).toBe(0);
  });

  it("are never wider than the photo", async () => {
    const { id } = await product();
    await addPhoto(deps, id, await file(narrowWebp, "small.webp"), "A small photo of Pulasa");
    expect((await copiesOf(id)).map((c) => [c.format, c.width, c.height])).toEqual([
      ["avif", 480, 360],
      ["webp", 480, 360],
    ]);
  });

  it("go with their photo: rows and objects, except objects another product's photo or copy still names", async () => {
    const a = await product();
    const b = await product();
    // A photo no other test uploads, so only these two products name it and its copies.
    await addPhoto(deps, a.id, await file(catchWebp, "catch.webp"), "The morning's catch");
    await addPhoto(deps, b.id, await file(catchWebp, "catch.webp"), "The same catch");
    const [photoA] = await listPhotos(deps, a.id);
    const [photoB] = await listPhotos(deps, b.id);
    const copiesA = await copiesOf(a.id);
    const copiesB = await copiesOf(b.id);
    expect(copiesB).toHaveLength(2);
    await deletePhoto(deps, a.id, photoA.id);
    expect(await copiesOf(a.id)).toEqual([]);
    for (const name of [photoB.name, ...copiesB.map((c) => c.name)]) expect(await bucket.head(`products/${name}`)).not.toBeNull();
    await deletePhoto(deps, b.id, photoB.id);
    expect(await copiesOf(b.id)).toEqual([]);
    for (const name of [photoB.name, ...copiesA.map((c) => c.name), ...copiesB.map((c) => c.name)]) {
      expect(await bucket.head(`products/${name}`)).toBeNull();
    }
  });

  it("without the binding the upload still succeeds and the page shows the uploaded file alone", async () => {
    const { id, slug } = await product();
    await addPhoto({ ...deps, images: null }, id, await file(jpeg, "jar.jpg"), "A jar of Pulasa pickle");
    expect(await listPhotos(deps, id)).toHaveLength(1);
    expect(await copiesOf(id)).toEqual([]);
    expect((await page(slug)).product.photo?.sources).toEqual([]);
  });

  it("a format whose transform fails is left out whole; the upload and the other format's copies stand", async () => {
    const real = env.IMAGES;
    // The binding's interface, with AVIF output failing as a transform can.
    const noAvif: Deps["images"] = {
      input(stream, options) {
        let transformer = real.input(stream, options);
        const chain = {
          transform(t: ImageTransform) {
            transformer = transformer.transform(t);
            return chain;
          },
          output(o: ImageOutputOptions) {
            return o.format === "image/avif" ? Promise.reject(new Error("AVIF encoding failed")) : transformer.output(o);
          },
        };
        return chain as unknown as ImageTransformer;
      },
    };
    const { id, slug } = await product();
    await addPhoto({ ...deps, images: noAvif }, id, await file(jpeg, "jar.jpg"), "A jar of Pulasa pickle");
    expect((await copiesOf(id)).map((c) => [c.format, c.width])).toEqual([
      ["webp", 480],
      ["webp", 720],
      ["webp", 960],
    ]);
    expect((await page(slug)).product.photo?.sources.map((s) => s.type)).toEqual(["image/webp"]);
  });
});
