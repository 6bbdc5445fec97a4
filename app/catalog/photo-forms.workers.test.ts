import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { cookieOf, outcome, runRoute } from "../../tests/setup/claims-pages";
import { headerOnlyPng, jpegOfSize, truncatedJpeg } from "../../tests/setup/images";
import { testDeps } from "../../tests/setup/deps";
import { one } from "../../tests/setup/sql";
import { action as auctionAction } from "~/routes/admin-dashboard_.auctions";
import { action as productAction } from "~/routes/admin-dashboard_.products.$id";
import { MAX_PHOTO_FORM_BYTES } from "../../workers/request-guards";
import { MAX_PHOTO_BYTES, photoMessages } from "./photos";
import { listPhotos } from "./photos.server";

// The test pool binds the auction Worker's bucket, which stands in for the product photos, and the Images binding.
const photos = (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES;
const MB = 1024 * 1024;

/** A multipart post as the browser sends the form without JavaScript: the fields, then the file. */
function multipart(fields: Record<string, string>, file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null, fileField: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(fileField, file ? new File([file.bytes], file.name) : new File([], ""));
  return { method: "POST", body: form };
}

let admin = "";
beforeAll(async () => {
  const { id } = await one<{ id: number }>(
    "INSERT INTO users (name, email, email_verified_at, is_admin) VALUES ('Store Admin', ?, ?, 1) RETURNING id",
    `admin.${crypto.randomUUID()}@example.in`,
    Date.now(),
  );
  admin = await cookieOf(id);
});

type ProductReply = { status: number; body: { product?: { error?: Record<string, string[]>; initialValue?: Record<string, string> } } };

describe("a new product with its first photo", () => {
  const fields = (slug: string) => ({
    intent: "product",
    name: "Pulasa Roe Pickle",
    slug,
    description: "Roe of the season's Pulasa, pickled in sesame oil.",
    category: "Pickle",
    price: "1200",
    unit: "pack",
    minQty: "1",
    maxQty: "3",
    image: "pulasa-curry",
    sortOrder: "5",
    photoAlt: "A jar of roe pickle on a banana leaf",
  });
  const create = (slug: string, file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null, over: Record<string, string> = {}) =>
    runRoute(productAction, "/admin-dashboard/products/new", {
      cookie: admin,
      params: { id: "new" },
      init: multipart({ ...fields(slug), ...over }, file, "photo"),
      deps: { photos },
    });
  const productId = async (slug: string) => (await env.DB.prepare("SELECT id FROM products WHERE slug = ?").bind(slug).first<{ id: number }>())?.id;

  it("is created with a phone-sized photo (12 MB) sent as it is, the photo its main one", async () => {
    const slug = `roe-${crypto.randomUUID().slice(0, 8)}`;
    const answer = await create(slug, { name: "IMG_20261127.jpg", bytes: jpegOfSize(12 * MB, slug) });
    const id = await productId(slug);
    expect(outcome(answer)).toBe(`→ /admin-dashboard/products/${id}`);
    expect((await listPhotos(testDeps(), id!)).map((p) => [p.alt, p.bytes])).toEqual([["A jar of roe pickle on a banana leaf", 12 * MB]]);
  });

  it("is created without a photo when none is chosen", async () => {
    const slug = `roe-${crypto.randomUUID().slice(0, 8)}`;
    expect(outcome(await create(slug, null, { photoAlt: "" }))).toMatch(/^→ \/admin-dashboard\/products\/\d+$/);
  });

  it("is not created when its photo is refused: the reason beside the photo, everything typed kept", async () => {
    const cases: [string, Uint8Array<ArrayBuffer>, string][] = [
      ["IMG_1.png", headerOnlyPng(), photoMessages.damaged],
      ["IMG_2.jpg", truncatedJpeg(), photoMessages.damaged],
      ["notes.jpg", new TextEncoder().encode("a shopping list, not a photo"), photoMessages.notImage],
      ["empty.jpg", new Uint8Array(0), photoMessages.empty],
      ["big.jpg", jpegOfSize(MAX_PHOTO_BYTES + 1), photoMessages.tooLarge],
    ];
    for (const [name, bytes, message] of cases) {
      const slug = `roe-${crypto.randomUUID().slice(0, 8)}`;
      const refused = (await create(slug, { name, bytes })) as ProductReply;
      expect([name, refused.status, refused.body.product?.error?.photo]).toEqual([name, 400, [message]]);
      expect(refused.body.product?.initialValue).toMatchObject({ name: "Pulasa Roe Pickle", slug, photoAlt: "A jar of roe pickle on a banana leaf" });
      expect(await productId(slug)).toBeUndefined();
    }
    const slug = `roe-${crypto.randomUUID().slice(0, 8)}`;
    const noAlt = (await create(slug, { name: "IMG_3.jpg", bytes: jpegOfSize(2 * MB) }, { photoAlt: " " })) as ProductReply;
    expect(noAlt.body.product?.error?.photoAlt).toEqual([photoMessages.alt]);
    expect(await productId(slug)).toBeUndefined();
  });

  it("above the page's cap: 413, the photo refused beside its field with what was typed before it, nothing created", async () => {
    const slug = `roe-${crypto.randomUUID().slice(0, 8)}`;
    const refused = (await create(slug, { name: "IMG_4.jpg", bytes: jpegOfSize(MAX_PHOTO_FORM_BYTES + 1) })) as ProductReply;
    expect(refused.status).toBe(413);
    expect(refused.body.product?.error?.photo).toEqual([photoMessages.tooLarge]);
    expect(refused.body.product?.initialValue).toMatchObject({ name: "Pulasa Roe Pickle", slug, description: fields(slug).description });
    expect(await productId(slug)).toBeUndefined();
  });
});

describe("a photo added to a saved product", () => {
  const add = (id: number, alt: string, file: { name: string; bytes: Uint8Array<ArrayBuffer> }) =>
    runRoute(productAction, `/admin-dashboard/products/${id}`, {
      cookie: admin,
      params: { id: String(id) },
      init: multipart({ intent: "photo-add", alt }, file, "file"),
      deps: { photos },
    }) as Promise<Response | { status: number; body: { photoError: string; photoAlt: string } }>;

  it("is taken at a phone's size; refused ones say why with their alt text kept, above the cap too", async () => {
    const { id } = await one<{ id: number }>("SELECT id FROM products ORDER BY id LIMIT 1");
    expect(outcome((await add(id, "Whole Pulasa on ice", { name: "IMG_5.jpg", bytes: jpegOfSize(8 * MB, "whole") })) as Response)).toBe(
      `→ /admin-dashboard/products/${id}`,
    );
    expect(await add(id, "A cut-off photo", { name: "IMG_6.jpg", bytes: truncatedJpeg() })).toMatchObject({
      status: 400,
      body: { photoError: photoMessages.damaged, photoAlt: "A cut-off photo" },
    });
    expect(await add(id, "A 30 MB photo", { name: "IMG_7.jpg", bytes: jpegOfSize(30 * MB) })).toMatchObject({
      status: 413,
      body: { photoError: photoMessages.tooLarge, photoAlt: "A 30 MB photo" },
    });
  });
});

describe("an auction's photo", () => {
  const fields = (title: string) => ({
    title,
    description: "A Pulasa caught this morning at Dowleswaram.",
    starting_price: "1500",
    min_increment: "100",
    end_time: new Date(Date.now() + 5.5 * 3_600_000 + 2 * 3_600_000).toISOString().slice(0, 16),
    product_image: "",
  });
  const create = (title: string, file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null) =>
    runRoute(auctionAction, "/admin-dashboard/auctions", {
      cookie: admin,
      init: multipart(fields(title), file, "upload"),
      deps: { auctionService: SELF as unknown as Fetcher },
    }) as Promise<Response | { status: number; body: { errors: Record<string, string>; values: Record<string, string> } }>;
  const imageOf = async (title: string) =>
    (await env.DB.prepare("SELECT product_image AS image FROM auctions WHERE title = ?").bind(title).first<{ image: string }>())?.image;

  it("may be a phone's (12 MB): the auction shows a copy at most 2000 px, a WebP far smaller", async () => {
    const title = `Morning catch ${crypto.randomUUID().slice(0, 6)}`;
    expect(outcome((await create(title, { name: "IMG_8.jpg", bytes: jpegOfSize(12 * MB, title) })) as Response)).toBe("→ /admin-dashboard/auctions");
    const image = await imageOf(title);
    expect(image).toMatch(/^\/api\/auction\/images\/[0-9a-f-]{36}\.webp$/);
    const stored = await (env as unknown as { AUCTION_IMAGES: R2Bucket }).AUCTION_IMAGES.get(image!.split("/").pop()!);
    expect(stored!.size).toBeLessThan(100_000);
  });

  it("refused (damaged, not a photo, too large) beside its field with everything typed kept, and no auction made", async () => {
    const cases: [Uint8Array<ArrayBuffer>, string, number][] = [
      [headerOnlyPng(), photoMessages.damaged, 400],
      [new TextEncoder().encode("%PDF-1.7 not a photo"), "Upload a JPEG, PNG or WebP photo", 400],
      [jpegOfSize(MAX_PHOTO_BYTES + 1), photoMessages.tooLarge, 400],
      [jpegOfSize(MAX_PHOTO_FORM_BYTES + 1), photoMessages.tooLarge, 413],
    ];
    for (const [bytes, message, status] of cases) {
      const title = `Refused catch ${crypto.randomUUID().slice(0, 6)}`;
      const refused = await create(title, { name: "IMG_9.jpg", bytes });
      expect(refused).toMatchObject({ status, body: { errors: { upload: message }, values: { title, starting_price: "1500", min_increment: "100" } } });
      expect(await imageOf(title)).toBeUndefined();
    }
  });
});
