import { onPrimary } from "~/deps.server";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { asUser, flashOf, type Reply } from "../../tests/setup/as-user";
import { testDeps } from "../../tests/setup/deps";
import { plannedDelivery } from "../../tests/setup/shop-days";
import { VALID_ADDRESS } from "../../tests/setup/address";
import { one } from "../../tests/setup/sql";
import { withEdgeCache } from "../../workers/edge-cache";
import { shopAdminMessages } from "~/i18n/shop-admin.messages";
import { createShopOrder } from "~/orders/orders.server";
import { loader as homeLoader } from "~/routes/_index";
import { action as addToCart } from "~/routes/cart.add";
import { action as productAction } from "~/routes/admin-dashboard_.products.$id";
import { loader as productsLoader } from "~/routes/products";
import { loader as productPageLoader } from "~/routes/products_.$slug";
import { createProduct } from "./admin.server";
import type { ProductCardData } from "./catalog.server";
import { readCatalogueVersion } from "./site-version.server";

const deps = testDeps();
const TE = { nameTe: "తాజా పులస చేప", descriptionTe: "గోదావరిలో ఈరోజే పట్టిన పులస, ఐస్‌లో పెట్టి పంపిస్తాం.", categoryTe: "తాజా చేపలు" };
const ENGLISH = { name: "Fresh Pulasa Fish", description: "Whole Godavari Pulasa, on ice.", category: "Fresh Fish" };
const t = shopAdminMessages.telugu;

const productForm = (over: Partial<Parameters<typeof createProduct>[1]> = {}) => ({
  ...ENGLISH,
  slug: `fish-${crypto.randomUUID().slice(0, 8)}`,
  price: 2_500_000,
  unit: "kg" as const,
  minQty: 1,
  maxQty: 5,
  image: "fresh-pulasa" as const,
  sortOrder: 0,
  ...over,
});

/** The admin form's fields as the browser sends them (the price in rupees) for the product `productForm` makes. */
const posted = (slug: string, over: Record<string, string> = {}) => {
  const product = productForm({ slug });
  const fields = Object.fromEntries(Object.entries(product).map(([k, v]) => [k, String(v)]));
  return { intent: "product", ...fields, price: String(product.price / 100), ...over };
};

const newUser = async (isAdmin: boolean) =>
  (
    await one<{ id: number }>(
      "INSERT INTO users (name, email, email_verified_at, is_admin) VALUES ('Someone', ?, ?, ?) RETURNING id",
      `u.${crypto.randomUUID()}@example.in`,
      Date.now(),
      isAdmin ? 1 : 0,
    )
  ).id;

const saved = (id: number) =>
  one<{ nameTe: string | null; descriptionTe: string | null; categoryTe: string | null; name: string }>(
    "SELECT name, name_te AS nameTe, description_te AS descriptionTe, category_te AS categoryTe FROM products WHERE id = ?",
    id,
  );

const cardsOn = async (path: string) => ((await productsLoader((await asUser(null, path)) as never)) as { products: ProductCardData[] }).products;
const texts = (cards: ProductCardData[], id: number) => {
  const card = cards.find((c) => c.id === id)!;
  return { name: card.name, description: card.description, category: card.category };
};

/** The admin product form's action, as `userId` (null: signed out). */
const save = async (userId: number | null, id: number | "new", form: Record<string, string>) =>
  (await productAction((await asUser(userId, `/admin-dashboard/products/${id}`, form, { id: String(id) })) as never)) as Response | Reply;

let adminId = 0;
beforeEach(async () => {
  adminId = await newUser(true);
});

describe("a product's texts follow the page's language", () => {
  it("a Telugu page shows the Telugu texts, each falling back to English where none is given; an English page always English", async () => {
    const full = await createProduct(deps, productForm(TE));
    const none = await createProduct(deps, productForm());
    const nameOnly = await createProduct(deps, productForm({ nameTe: TE.nameTe }));
    const telugu = await cardsOn("/te/products");
    expect(texts(telugu, full)).toEqual({ name: TE.nameTe, description: TE.descriptionTe, category: TE.categoryTe });
    expect(texts(telugu, none)).toEqual(ENGLISH);
    expect(texts(telugu, nameOnly)).toEqual({ ...ENGLISH, name: TE.nameTe });
    const english = await cardsOn("/products");
    for (const id of [full, none, nameOnly]) expect(texts(english, id)).toEqual(ENGLISH);

    const home = (await homeLoader((await asUser(null, "/te")) as never)) as { products: ProductCardData[] };
    expect(texts(home.products, full).name).toBe(TE.nameTe);
  });

  it("the product page shows its Telugu texts at /te and the English ones at the plain path", async () => {
    const slug = `page-${crypto.randomUUID().slice(0, 8)}`;
    await createProduct(deps, productForm({ ...TE, slug }));
    const page = async (path: string) => (await productPageLoader((await asUser(null, path, undefined, { slug })) as never)).product;
    expect(await page(`/te/products/${slug}`)).toMatchObject({ name: TE.nameTe, description: TE.descriptionTe, category: TE.categoryTe });
    expect(await page(`/products/${slug}`)).toMatchObject(ENGLISH);
  });

  it("an order placed from a Telugu page keeps the English name in its line, and the toast names the fish in Telugu", async () => {
    const id = await createProduct(deps, productForm(TE));
    const now = Date.now();
    const delivery = await plannedDelivery([id], now);
    const shopper = await newUser(false);
    const telugu = (await asUser(shopper, "/te/checkout")).context.deps;
    expect(telugu.lang).toBe("te");
    const order = await createShopOrder(onPrimary(telugu), {
      user: { id: shopper },
      lines: [{ productId: id, quantity: 1 }],
      shipping: VALID_ADDRESS,
      delivery,
      now,
    });
    expect((await one<{ name: string }>("SELECT name FROM order_items WHERE order_id = ?", order.id)).name).toBe(ENGLISH.name);
    const added = (await addToCart((await asUser(shopper, "/te/cart/add", { productId: String(id) })) as never)) as Response;
    expect((await flashOf(added))?.text).toContain(TE.nameTe);
  });
});

describe("the admin's Telugu fields", () => {
  it("saves the Telugu texts trimmed, and empties (or only spaces) as none", async () => {
    const slug = `form-${crypto.randomUUID().slice(0, 8)}`;
    const id = await createProduct(deps, productForm({ slug }));
    const res = await save(adminId, id, posted(slug, { nameTe: `  ${TE.nameTe} `, descriptionTe: TE.descriptionTe, categoryTe: TE.categoryTe }));
    expect((res as Response).status).toBe(302);
    expect(await saved(id)).toMatchObject(TE);
    // The same form sent again (a replay, a double press) leaves the same product.
    expect(((await save(adminId, id, posted(slug, TE))) as Response).status).toBe(302);
    expect(await saved(id)).toMatchObject(TE);
    await save(adminId, id, posted(slug, { nameTe: "", descriptionTe: "   ", categoryTe: "" }));
    expect(await saved(id)).toMatchObject({ nameTe: null, descriptionTe: null, categoryTe: null });
  });

  it("a new product is created with its Telugu texts", async () => {
    const slug = `new-${crypto.randomUUID().slice(0, 8)}`;
    const res = (await save(adminId, "new", posted(slug, TE))) as Response;
    const id = Number(/\/admin-dashboard\/products\/(\d+)$/.exec(res.headers.get("Location") ?? "")?.[1]);
    expect(await saved(id)).toMatchObject({ ...TE, name: ENGLISH.name });
  });

  it("refuses texts outside the English ones' limits, each beside its field, and changes nothing", async () => {
    const slug = `limit-${crypto.randomUUID().slice(0, 8)}`;
    const id = await createProduct(deps, productForm({ ...TE, slug }));
    const before = await readCatalogueVersion(env.DB);
    const tooShort = (await save(adminId, id, posted(slug, { nameTe: "చ", descriptionTe: "చిన్నది", categoryTe: "వ" }))) as Reply;
    expect(tooShort.init?.status).toBe(400);
    expect(tooShort.data).toMatchObject({
      product: { error: { nameTe: [t.nameError], descriptionTe: [t.descriptionError], categoryTe: [t.categoryError] } },
    });
    const tooLong = (await save(adminId, id, posted(slug, { nameTe: "చ".repeat(81), descriptionTe: "చ".repeat(2001), categoryTe: "చ".repeat(41) }))) as Reply;
    expect(tooLong.data).toMatchObject({
      product: { error: { nameTe: [t.nameError], descriptionTe: [t.descriptionError], categoryTe: [t.categoryError] } },
    });
    expect(await saved(id)).toMatchObject(TE);
    expect(await readCatalogueVersion(env.DB)).toBe(before);
  });

  it("only an admin can set them: signed out and a shopper are sent away and nothing changes", async () => {
    const slug = `guard-${crypto.randomUUID().slice(0, 8)}`;
    const id = await createProduct(deps, productForm({ slug }));
    for (const who of [null, await newUser(false)]) {
      const answer = await save(who, id, posted(slug, TE)).catch((thrown: unknown) => thrown);
      expect((answer as Response).status).toBe(302);
      expect((answer as Response).headers.get("Location")).toMatch(who === null ? /^\/login/ : /^\/$/);
    }
    expect(await saved(id)).toMatchObject({ nameTe: null, descriptionTe: null, categoryTe: null });
  });
});

describe("cached Telugu pages follow at once", () => {
  it("saving only a Telugu name moves the catalogue's version, so the cached /te page is rendered afresh with it", async () => {
    const slug = `cache-${crypto.randomUUID().slice(0, 8)}`;
    const id = await createProduct(deps, productForm({ slug }));
    const cache = await caches.open(`telugu-${crypto.randomUUID()}`);
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => void pending.push(p) };
    const page = async (path: string) => {
      const res = await withEdgeCache(
        new Request(`https://store.test${path}`),
        ctx,
        cache,
        async () => ({
          response: new Response(texts(await cardsOn(path), id).name, { headers: { "Cache-Control": "public, max-age=0, s-maxage=300" } }),
          personal: false,
        }),
        () => readCatalogueVersion(env.DB),
      );
      await Promise.all(pending.splice(0));
      return { cache: res.headers.get("x-cache"), name: await res.text() };
    };
    expect(await page("/te/products")).toEqual({ cache: "MISS", name: ENGLISH.name });
    expect(await page("/te/products")).toEqual({ cache: "HIT", name: ENGLISH.name });
    const before = await readCatalogueVersion(env.DB);
    await save(adminId, id, posted(slug, { nameTe: TE.nameTe }));
    expect(await readCatalogueVersion(env.DB)).toBeGreaterThan(before);
    expect(await page("/te/products")).toEqual({ cache: "MISS", name: TE.nameTe });
    expect(await page("/products")).toEqual({ cache: "MISS", name: ENGLISH.name });
  });
});
