import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { testDeps } from "../../tests/setup/deps";
import { headerOnlyPng, jpegOfSize, pngBytes, truncatedJpeg } from "../../tests/setup/images";
import { loadContext } from "../../tests/setup/load-context";
import { loader as photoRoute } from "~/routes/photos.$name";
import { loader as productPage } from "~/routes/products_.$slug";
import { createProduct } from "./admin.server";
import { listProducts } from "./catalog.server";
import { MAX_PHOTO_BYTES } from "./photos";
import { addPhoto, deletePhoto, listPhotos, movePhoto } from "./photos.server";
import { readCatalogueVersion } from "./site-version.server";

// The test pool binds the auction Worker's R2 bucket; any bucket stands in for the product photos. These photos
// are PNGs whose data is no picture, no image the Images binding could copy (photo-variants.workers.test.ts tests the copies).
const deps = { ...testDeps(), photos: (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES, images: null };

/** A PNG of the given size with `seed` as its data, so each call is other bytes. */
const png = (width: number, height: number, seed: string) => new File([pngBytes(width, height, seed)], "photo.png", { type: "image/png" });

async function product() {
  return createProduct(deps, {
    name: "Photo Fish",
    slug: `photo-${crypto.randomUUID().slice(0, 8)}`,
    description: "A fish with photos.",
    category: "Fresh Fish",
    price: 2_500_000,
    unit: "kg",
    minQty: 1,
    maxQty: 5,
    image: "fresh-pulasa",
    sortOrder: 0,
  });
}

const serve = async (url: string) => {
  const request = new Request(`https://store.test${url}`);
  return (await photoRoute({ request, context: { ...(await loadContext(request)), deps }, params: { name: url.split("/").pop() } })) as Response;
};

describe("product photos in R2", () => {
  it("stores a photo under its bytes' hash with its size and alt text, serves it for a year, and shows it as the main photo", async () => {
    const id = await product();
    const before = await readCatalogueVersion(env.DB);
    await addPhoto(deps, id, png(1200, 900, "first"), "  Whole Pulasa on ice  ");
    expect(await readCatalogueVersion(env.DB)).toBeGreaterThan(before);
    const [photo] = await listPhotos(deps, id);
    expect(photo).toMatchObject({ contentType: "image/png", width: 1200, height: 900, alt: "Whole Pulasa on ice", position: 0 });
    expect(photo.name).toMatch(/^[0-9a-f]{64}\.png$/);
    const res = await serve(`/photos/${photo.name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, s-maxage=31536000, immutable");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect((await res.arrayBuffer()).byteLength).toBe(pngBytes(1200, 900, "first").length);
    const card = (await listProducts(deps)).find((p) => p.id === id)!;
    expect(card.photo).toEqual({ url: `/photos/${photo.name}`, width: 1200, height: 900, alt: "Whole Pulasa on ice", sources: [] });
    expect((await serve("/photos/..%2F..%2Fsecret")).status).toBe(404);
  });

  it("refuses without alt text, above 15 MB, bytes that are not a photo, a damaged photo and the same photo twice, storing nothing", async () => {
    const id = await product();
    await expect(addPhoto(deps, id, png(10, 10, "a"), " ")).rejects.toThrow(/Describe the photo/);
    await expect(addPhoto(deps, id, new File([jpegOfSize(MAX_PHOTO_BYTES + 1)], "big.jpg"), "Too big")).rejects.toThrow("A photo may be at most 15 MB");
    await expect(addPhoto(deps, id, new File([], "empty.jpg"), "Nothing in it")).rejects.toThrow("The file is empty: choose the photo again");
    // A header that claims 10,000 × 10,000 pixels and a JPEG cut off after 33 bytes are no pictures.
    const damaged = "This photo cannot be read: it is damaged or cut off. Choose another photo.";
    await expect(addPhoto(deps, id, new File([headerOnlyPng()], "huge.png"), "A huge fish")).rejects.toThrow(damaged);
    await expect(addPhoto(deps, id, new File([truncatedJpeg()], "cut.jpg"), "A cut fish")).rejects.toThrow(damaged);
    await expect(addPhoto(deps, id, png(12_001, 10, "wide"), "A wide fish")).rejects.toThrow("A photo may be at most 12,000 pixels a side and 50 megapixels");
    await expect(addPhoto(deps, id, new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "x.png", { type: "image/png" }), "Not a photo")).rejects.toThrow(
      "Upload a JPEG, PNG, WebP or AVIF photo",
    );
    // A PHP script named and declared as a JPEG is judged by its bytes.
    const php = new File(["<?php system($_GET['c']); ?>"], "shell.php.jpg", { type: "image/jpeg" });
    await expect(addPhoto(deps, id, php, "A fish")).rejects.toThrow("Upload a JPEG, PNG, WebP or AVIF photo");
    await expect(addPhoto(deps, id, null, "Nothing chosen")).rejects.toThrow("Choose a photo to upload");
    await addPhoto(deps, id, png(10, 10, "same"), "Once");
    await expect(addPhoto(deps, id, png(10, 10, "same"), "Twice")).rejects.toThrow("This product already has this photo");
    expect(await listPhotos(deps, id)).toHaveLength(1);
  });

  it("reorders, makes a photo the main one and deletes it (its bytes go once no product uses them)", async () => {
    const id = await product();
    for (const seed of ["one", "two", "three"]) await addPhoto(deps, id, png(40, 30, seed), `Photo ${seed}`);
    const alts = async () => (await listPhotos(deps, id)).map((p) => p.alt);
    const idOf = async (alt: string) => (await listPhotos(deps, id)).find((p) => p.alt === alt)!.id;
    await movePhoto(deps, id, await idOf("Photo three"), "main");
    expect(await alts()).toEqual(["Photo three", "Photo one", "Photo two"]);
    await movePhoto(deps, id, await idOf("Photo one"), "down");
    expect(await alts()).toEqual(["Photo three", "Photo two", "Photo one"]);
    await movePhoto(deps, id, await idOf("Photo one"), "up");
    expect(await alts()).toEqual(["Photo three", "Photo one", "Photo two"]);
    // The product's page leads with the main photo and shows the others after it, in their order.
    const { slug } = (await env.DB.prepare("SELECT slug FROM products WHERE id = ?").bind(id).first<{ slug: string }>())!;
    const request = new Request(`https://store.test/products/${slug}`);
    const page = await productPage({ request, context: { ...(await loadContext(request)), deps }, params: { slug } });
    expect(page.product.photo?.alt).toBe("Photo three");
    expect(page.morePhotos.map((p) => [p.alt, p.width, p.height])).toEqual([
      ["Photo one", 40, 30],
      ["Photo two", 40, 30],
    ]);
    const three = (await listPhotos(deps, id))[0];
    await deletePhoto(deps, id, three.id);
    expect(await alts()).toEqual(["Photo one", "Photo two"]);
    expect((await serve(`/photos/${three.name}`)).status).toBe(404);
    await expect(deletePhoto(deps, id, three.id)).rejects.toThrow("Photo not found");
    // Another product's photo cannot be moved or deleted through this one.
    const other = await product();
    await expect(deletePhoto(deps, other, await idOf("Photo one"))).rejects.toThrow("Photo not found");
  });
});
