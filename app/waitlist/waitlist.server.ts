import { and, asc, count, eq, inArray, lt, lte, notExists, sql } from "drizzle-orm";
import { catchLeft, leftCovers, openDates, slotLoads } from "~/catalog/availability.server";
import { findProduct } from "~/catalog/catalog.server";
import { bumpCatalogue } from "~/catalog/site-version.server";
import { limitProblem, quantityText, type ProductUnit } from "~/catalog/units";
import { putHeldLine } from "~/cart/cart.server";
import { isUniqueClash, runBatch } from "~/db/guards.server";
import { orderItems, orders, products, users, waitlistEntries, type User } from "~/db/schema";
import type { Deps, PrimaryDeps } from "~/deps";
import { formatDeliveryDate, orderDates } from "~/delivery/slots";
import { format } from "~/i18n/format";
import { inLang, localePath, type Lang } from "~/i18n/lang";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { formatDateTimeIst } from "~/lib/dates";
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { notify, type NoticeDeps } from "~/notifications/notify.server";
import { queueFirst } from "~/season/queue.server";
import { placeWord } from "./place";
import type { WaitlistPanelData } from "./waitlist-panel";

/**
 * The waitlist of a sold-out product. Shoppers join a product's line in turn (`id` order); when its catch has
 * room again the line is served in that order: each shopper whose quantity fits a date gets a hold of it for
 * WAITLIST_HOLD_MINUTES and a notice with a link to check out. A hold is stock like an order (what is left of a
 * date's catch counts it, see LEFT_SQL), so others see less while it lives. A hold not used in time lapses and
 * the next in line is served. Every hold is given by one guarded statement that re-checks the catch, so no
 * interleaving of servings, checkouts and catch changes holds or sells more than was caught.
 */

type PageDeps = Pick<Deps, "db" | "config" | "lang" | "now">;

/** A place in the line: waiting its turn (`place` 1 = next), or holding its share of a date's catch until `until`. */
export type WaitlistPlace =
  { state: "waiting"; id: number; place: number; quantity: number } | { state: "held"; id: number; quantity: number; date: string; until: number };

/**
 * Puts a shopper in a product's line for `quantity` (within the product's limits) delivered to `zip` (the form's
 * schema checked it as the checkout does). Refused: the admin (who has no cart, so a hold of theirs could only keep
 * fish from shoppers), an unknown or hidden product, one that can be ordered now, and a second place in the same
 * line (the unique index decides between two joins at once).
 */
export async function joinWaitlist(
  deps: PageDeps & Pick<PrimaryDeps, "db">,
  user: Pick<User, "id"> & Partial<Pick<User, "isAdmin">>,
  productId: number,
  input: { quantity: number; zip: string },
): Promise<void> {
  const w = sectionsFor(deps).waitlist;
  if (user.isAdmin) throw new ForbiddenError(w.notForAdmin);
  const product = await findProduct(deps, { id: productId });
  if (!product) throw new NotFoundError(sectionsFor(deps).productPage.unavailable);
  if (product.orderable) throw new ConflictError(w.notSoldOut);
  const problem = limitProblem(product, input.quantity, messagesFor(deps).shop.cart, deps.lang);
  if (problem) throw new InvalidInputError(problem);
  const now = deps.now();
  try {
    await deps.db.insert(waitlistEntries).values({ productId, userId: user.id, quantity: input.quantity, zip: input.zip, createdAt: now, updatedAt: now });
  } catch (error) {
    if (isUniqueClash(error, "waitlist_entries.product_id")) throw new ConflictError(w.already);
    throw error;
  }
}

/**
 * Takes a shopper out of a product's line, a hold they have included: its fish is free again and passes to the next
 * in line at once, not at the scheduled job's next run. False: they were not in it.
 */
export async function leaveWaitlist(deps: ServeDeps & Pick<Deps, "now">, userId: number, productId: number): Promise<boolean> {
  const now = deps.now();
  const { left } = await runBatch(deps.db, {
    left: deps.db
      .update(waitlistEntries)
      .set({ state: "left", stockHeld: false, updatedAt: now })
      .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.userId, userId), inArray(waitlistEntries.state, ["waiting", "held"]))),
    catalogue: bumpCatalogue(deps),
  });
  if (left.meta.changes === 0) return false;
  await serveWaitlist(deps, now);
  return true;
}

/** Where a shopper stands in a product's line, or null when they are not in it. */
export async function waitlistPlace(deps: Pick<Deps, "db">, userId: number, productId: number): Promise<WaitlistPlace | null> {
  const [mine] = await deps.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.userId, userId), inArray(waitlistEntries.state, ["waiting", "held"])))
    .limit(1);
  if (!mine) return null;
  if (mine.state === "held") return { state: "held", id: mine.id, quantity: mine.quantity, date: mine.holdDate!, until: mine.holdUntil! };
  const [ahead] = await deps.db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.productId, productId), eq(waitlistEntries.state, "waiting"), lt(waitlistEntries.id, mine.id)));
  return { state: "waiting", id: mine.id, place: ahead.n + 1, quantity: mine.quantity };
}

type ServeDeps = NoticeDeps & Pick<PrimaryDeps, "db">;

/** One hold given while serving a line. */
export type Served = { entryId: number; userId: number; productId: number; date: string; quantity: number };

/** The shopper has an order still holding this product for a coming date (pending or paid): they are passed over. */
const ordersProduct = (userId: number, productId: number, fromDate: string) =>
  sql`EXISTS (SELECT 1 FROM ${orders} JOIN ${orderItems} ON ${orderItems.orderId} = ${orders.id}
    WHERE ${orders.userId} = ${userId} AND ${orderItems.productId} = ${productId} AND ${orders.stockHeld} = 1 AND ${orders.deliveryDate} >= ${fromDate})`;

/**
 * Serves every product's line at `now`: in the order shoppers joined, each whose quantity a bookable date's
 * catch still covers (the earliest such date) gets a hold of it, unless they already have an order holding that
 * product; a shopper whose quantity fits no date keeps their place. The hold is given by one statement whose
 * WHERE re-checks that the entry is still waiting and the date's catch (net of orders and holds) still covers
 * it, so concurrent servings and checkouts never hold or sell more than was caught. Each shopper is told
 * (the bell and an e-mail in their language, with the link to check out).
 */
export async function serveWaitlist(deps: ServeDeps, now: number): Promise<Served[]> {
  const waiting = await deps.db
    .select({ id: waitlistEntries.id, userId: waitlistEntries.userId, productId: waitlistEntries.productId, quantity: waitlistEntries.quantity })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.state, "waiting"))
    .orderBy(asc(waitlistEntries.id))
    .limit(500);
  if (waiting.length === 0) return [];
  const offered = orderDates(now);
  const dates = openDates(await slotLoads(deps, offered), now);
  if (dates.length === 0) return [];
  const left = await catchLeft(deps, dates);
  const served: Served[] = [];
  for (const entry of waiting) {
    const days = left.get(entry.productId);
    const date = days && dates.find((d) => (days.get(d)?.left ?? 0) >= entry.quantity);
    if (!days || !date) continue;
    const until = now + deps.config.waitlistHoldMs;
    const { hold } = await runBatch(deps.db, {
      hold: deps.db
        .update(waitlistEntries)
        .set({ state: "held", stockHeld: true, holdDate: date, holdUntil: until, updatedAt: now })
        .where(
          and(
            eq(waitlistEntries.id, entry.id),
            eq(waitlistEntries.state, "waiting"),
            leftCovers(entry.productId, date, entry.quantity),
            // The season's queue is served before the waitlist.
            queueFirst(entry.productId, date),
            sql`NOT ${ordersProduct(entry.userId, entry.productId, offered[0])}`,
            // An admin has no cart to check a hold out with: one in a line (made admin since) is passed over.
            notExists(
              deps.db
                .select({ id: users.id })
                .from(users)
                .where(and(eq(users.id, entry.userId), eq(users.isAdmin, true))),
            ),
          ),
        ),
      catalogue: bumpCatalogue(deps),
    });
    if (hold.meta.changes !== 1) continue;
    days.get(date)!.left -= entry.quantity;
    served.push({ entryId: entry.id, userId: entry.userId, productId: entry.productId, date, quantity: entry.quantity });
    await tellHold(deps, { ...entry, date, until });
  }
  return served;
}

/** The notice of a hold, in the shopper's language: what is kept, for which date, until when, and the link. */
async function tellHold(deps: ServeDeps, hold: { id: number; userId: number; productId: number; quantity: number; date: string; until: number }) {
  const [product] = await deps.db
    .select({ name: products.name, nameTe: products.nameTe, unit: products.unit })
    .from(products)
    .where(eq(products.id, hold.productId));
  if (!product) return;
  const base = deps.origin || deps.config.siteUrl || "";
  try {
    await notify(deps, {
      userId: hold.userId,
      type: "waitlist_hold",
      page: `/waitlist/${hold.id}`,
      words: (m, lang: Lang) => {
        const w = m.waitlist;
        const values = {
          name: inLang(product.name, product.nameTe, lang),
          qty: quantityText(hold.quantity, product.unit, lang),
          date: formatDeliveryDate(hold.date, lang),
          time: formatDateTimeIst(hold.until, lang),
        };
        return {
          title: format(w.noticeTitle, values),
          message: format(w.noticeMessage, values),
          emailLine: format(w.noticeLink, { url: `${base}${localePath(lang, `/waitlist/${hold.id}`)}` }),
        };
      },
    });
  } catch (error) {
    // The hold stands and shows on the product page; a notice that failed is not worth undoing it.
    console.error("telling a waitlist hold failed", error);
  }
}

/** Ends the holds whose time is up at `now` (100 a call): their units are free again. Returns how many lapsed. */
export async function lapseHolds(deps: Pick<PrimaryDeps, "db">, now: number): Promise<number> {
  const due = await deps.db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.state, "held"), lte(waitlistEntries.holdUntil, now)))
    .limit(100);
  if (due.length === 0) return 0;
  const { lapse } = await runBatch(deps.db, {
    lapse: deps.db
      .update(waitlistEntries)
      .set({ state: "lapsed", stockHeld: false, updatedAt: now })
      .where(
        and(
          inArray(
            waitlistEntries.id,
            due.map((d) => d.id),
          ),
          eq(waitlistEntries.state, "held"),
          lte(waitlistEntries.holdUntil, now),
        ),
      ),
    catalogue: bumpCatalogue(deps),
  });
  return lapse.meta.changes;
}

/** The scheduled job's part: holds not used in time lapse, then every line is served (a lapsed hold passes on). */
export async function runWaitlist(deps: ServeDeps, now: number): Promise<Served[]> {
  await lapseHolds(deps, now);
  return serveWaitlist(deps, now);
}

/**
 * A hold's link, opened by a signed-in shopper: the hold must be theirs and still running, then the cart's
 * line for its product is the held quantity and the checkout is next. Refused (in the page's language): not
 * found, another account's hold (Forbidden), an ended one.
 */
export async function openHold(deps: PageDeps & Pick<PrimaryDeps, "db">, user: Pick<User, "id">, entryId: number): Promise<void> {
  const w = sectionsFor(deps).waitlist;
  const [hold] = Number.isSafeInteger(entryId) ? await deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).limit(1) : [];
  if (!hold) throw new NotFoundError(w.notFound);
  if (hold.userId !== user.id) throw new ForbiddenError(w.otherAccount);
  if (hold.state === "used") throw new ConflictError(w.used);
  if (hold.state === "left") throw new ConflictError(w.holdLeft);
  if (hold.state !== "held" || hold.holdUntil! <= deps.now()) throw new ConflictError(w.lapsed);
  await putHeldLine(deps, user.id, hold.productId, hold.quantity);
}

/** A hold's product page address (for the refusal page's way back), or null. */
export async function holdProductSlug(deps: Pick<Deps, "db">, entryId: number): Promise<string | null> {
  if (!Number.isSafeInteger(entryId)) return null;
  const [row] = await deps.db
    .select({ slug: products.slug })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .where(eq(waitlistEntries.id, entryId));
  return row?.slug ?? null;
}

/**
 * What a product page shows about its waitlist, in the page's language: the line to join (a sold-out product),
 * the shopper's place, or what is kept for them. Null: the product can be ordered and the shopper is not in line.
 */
export async function waitlistPanel(
  deps: Pick<Deps, "db" | "config" | "lang" | "user">,
  product: { id: number; slug: string; unit: ProductUnit; minQty: number; maxQty: number; orderable: boolean },
): Promise<WaitlistPanelData | null> {
  const w = sectionsFor(deps).waitlist;
  const lang = deps.lang;
  const user = deps.user && !deps.user.isAdmin ? deps.user : null;
  const mine = user ? await waitlistPlace(deps, user.id, product.id) : null;
  if (product.orderable && !mine) return null;
  // Admins have no cart: they see the line as a visitor would, without a way to join it.
  if (deps.user?.isAdmin) return null;
  const page = localePath(lang, `/products/${product.slug}`);
  const qty = (q: number) => quantityText(q, product.unit, lang);
  return {
    words: w,
    intro: format(w.intro, { minutes: String(Math.round(deps.config.waitlistHoldMs / 60_000)) }),
    quantityHint: format(w.quantityHint, { min: qty(product.minQty), max: qty(product.maxQty) }),
    loginHref: user ? null : localePath(lang, `/login?redirectTo=${encodeURIComponent(page)}`),
    place: mine?.state === "waiting" ? format(w.place, { place: placeWord(mine.place, lang), qty: qty(mine.quantity) }) : null,
    held:
      mine?.state === "held"
        ? {
            text: format(w.held, { qty: qty(mine.quantity), date: formatDeliveryDate(mine.date, lang), time: formatDateTimeIst(mine.until, lang) }),
            href: `/waitlist/${mine.id}`,
          }
        : null,
  };
}
