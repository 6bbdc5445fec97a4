import { VALID_ADDRESS } from "./address";
import { callRoute } from "./routes";
import { setUpShopDayWorld } from "./shop-day-world";
import { all, one } from "./sql";
import { catchLeft } from "~/catalog/availability.server";
import { createShopOrder } from "~/orders/orders.server";
import { action as productAction } from "~/routes/products_.$slug";
import { joinWaitlist } from "~/waitlist/waitlist.server";

/** The waitlist's test world: the shop-day world, its fish's line, and the ways a test reads and fills it. */
export function setUpWaitlistWorld() {
  const w = setUpShopDayWorld();

  const slugOf = async (id: number) => (await one<{ slug: string }>("SELECT slug FROM products WHERE id = ?", id)).slug;
  const entries = (productId: number) =>
    all<{ user_id: number; state: string; stock_held: number; hold_date: string | null; order_id: number | null }>(
      "SELECT user_id, state, stock_held, hold_date, order_id FROM waitlist_entries WHERE product_id = ? ORDER BY id",
      productId,
    );
  const left = async (productId: number, date: string) => (await catchLeft(w.deps, [date])).get(productId)?.get(date)?.left ?? 0;
  /** A shopper in the fish's line for `quantity`, joined through the domain function. */
  const joined = async (quantity: number, lang: "en" | "te" = "en") => {
    const id = await w.newUser(lang);
    await joinWaitlist(w.deps, { id }, w.fishId, { quantity, zip: "533101" });
    return id;
  };
  const order = (userId: number, quantity: number, date = w.day(0)) =>
    createShopOrder(w.deps, {
      user: { id: userId },
      lines: [{ productId: w.fishId, quantity }],
      shipping: VALID_ADDRESS,
      delivery: { date, slot: "evening" },
      now: w.now,
    });

  /** The product page's form post (join or leave), as a browser sends it. */
  const post = async (cookie: string | undefined, form: Record<string, string>, lang: "" | "/te" = "") =>
    callRoute(productAction, `${lang}/products/${await slugOf(w.fishId)}`, {
      cookie,
      form,
      params: { slug: await slugOf(w.fishId) },
      // A browser's form post says which page it was sent from: a visitor not signed in comes back to it.
      headers: { Referer: `https://store.test${lang}/products/${await slugOf(w.fishId)}` },
    });
  return { w, slugOf, entries, left, joined, order, post };
}
