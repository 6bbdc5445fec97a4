import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { spyD1, type SpiedSession } from "../tests/setup/d1-spy";
import { setUpMoneyWorld } from "../tests/setup/money";
import { loadContext } from "../tests/setup/load-context";
import { sessionCookie } from "../tests/setup/routes";
import { getLoadContext } from "./load-context";
import { runScheduledJobs } from "./scheduled";
import { createSession, issueApiToken } from "~/auth/session.server";
import { getConfig } from "~/config.server";
import type { Deps } from "~/deps";
import { onPrimary } from "~/deps.server";
import { createShopOrder } from "~/orders/orders.server";
import { checkOut } from "~/orders/shop-checkout.server";
import { sandboxPayLink } from "~/payments/sandbox.server";
import { startAdvanceLink } from "~/payments/advance-link.server";
import { action as adminOrderAction } from "~/routes/admin-dashboard.orders.$number";
import { action as cartAddAction } from "~/routes/cart.add";
import { loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction } from "~/routes/checkout";
import { action as logoutAction } from "~/routes/logout";
import { action as orderAction, loader as orderLoader } from "~/routes/orders.$number._index";
import { loader as callbackLoader } from "~/routes/orders.$number.callback";
import { loader as payLoader } from "~/routes/orders.$number.pay";
import { loader as productsLoader } from "~/routes/products";
import { appCookies } from "~/web/cookies.server";
import { bookmarkCookie } from "~/web/replicas.server";

const w = setUpMoneyWorld();
const config = getConfig(env);

type Route = (args: never) => unknown;

/**
 * One request as the Worker serves it, over a D1 binding that records every session the request opens: the load
 * context, the route, then the `__d1b` cookie the Worker would add to its answer.
 */
async function serve(route: Route, path: string, options: { cookie?: string; form?: Record<string, string>; params?: Record<string, string> } = {}) {
  const spy = spyD1(env.DB);
  const pending: Promise<unknown>[] = [];
  const request = new Request(`https://store.test${path}`, {
    method: options.form ? "POST" : "GET",
    headers: {
      Accept: "text/html",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
      ...(options.form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://store.test" } : {}),
    },
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  const context = await getLoadContext({
    request,
    context: {
      cloudflare: {
        env: { ...env, DB: spy.binding },
        ctx: { waitUntil: (work: Promise<unknown>) => pending.push(work), passThroughOnException: () => {}, props: {} },
        cf: undefined,
        caches,
      } as never,
    },
  });
  let out: unknown;
  try {
    out = await route({ request, context, params: options.params ?? {} } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response) && (thrown as { type?: string } | null)?.type !== "DataWithResponseInit") throw thrown;
    out = thrown;
  }
  await Promise.allSettled(pending);
  const single = out as { type?: string; data?: unknown; init?: ResponseInit | null };
  const response =
    out instanceof Response
      ? new Response(out.body, out)
      : single?.type === "DataWithResponseInit"
        ? new Response(JSON.stringify(single.data), single.init ?? {})
        : new Response(JSON.stringify(out));
  const setCookie = await bookmarkCookie(request, response, config, context.deps.user !== null, context.database);
  return { response, context, sessions: spy.seen.sessions, bare: spy.bare, setCookie, reached: context.database.bookmark() };
}

/** The sessions a request actually queried, by where they started. */
const queried = (sessions: SpiedSession[]) => sessions.filter((s) => s.statements.length > 0);

/** Tables whose rows are money or stock: an order, its lines and events, payments, the ledger, the catch, holds. */
const MONEY_OR_STOCK = /\b(orders|order_items|order_events|payments|ledger|catch_days|slot_days|waitlist_entries|prebookings|webhook_events)\b/i;

/** No statement about money or stock went through a session that could be answered by a replica. */
function moneyOnlyOnPrimary(sessions: SpiedSession[], bare?: SpiedSession) {
  const off = sessions.filter((s) => s.start !== "first-primary").flatMap((s) => s.statements.filter((q) => MONEY_OR_STOCK.test(q)));
  expect(off).toEqual([]);
  const onPrimary = [...sessions.filter((s) => s.start === "first-primary"), ...(bare ? [bare] : [])].flatMap((s) => s.statements);
  expect(onPrimary.some((q) => MONEY_OR_STOCK.test(q))).toBe(true);
}

const bookmarkValue = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";

/** A signed-in browser: its session cookie, and the bookmark cookie as the store's answers leave it. */
function browser(session: string) {
  const jar = {
    bookmark: "",
    /** The raw bookmark the browser's cookie holds. */
    holds: null as string | null,
    cookie: () => (jar.bookmark ? `${session}; ${jar.bookmark}` : session),
    take<T extends { setCookie: string | null; reached: string | null }>(answer: T): T {
      if (answer.setCookie) {
        jar.bookmark = bookmarkValue(answer.setCookie);
        jar.holds = answer.reached;
      }
      return answer;
    },
  };
  return jar;
}

async function shopper() {
  const user = await w.customer();
  await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), user.id).run();
  return { id: user.id, cookie: await sessionCookie(user.id) };
}

describe("where a request reads", () => {
  it("an anonymous visitor's page is read from any replica, and gets no cookie", async () => {
    const answer = await serve(productsLoader, "/products");
    expect(queried(answer.sessions).map((s) => s.start)).toEqual(["first-unconstrained"]);
    expect(answer.setCookie).toBeNull();
  });

  it("a shopper's write hands out a bookmark, and their next page reads from a copy at least that new", async () => {
    await w.delivery(Date.now());
    const me = await shopper();
    const added = await serve(cartAddAction, "/cart/add", { cookie: me.cookie, form: { productId: String(w.productId) } });
    expect(added.response.status).toBe(303);
    expect(queried(added.sessions).map((s) => s.start)).toEqual(["first-primary"]);
    expect(added.setCookie).toMatch(/^__d1b=[^;]+; Max-Age=86400; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    expect(added.reached).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

    const cookie = `${me.cookie}; ${bookmarkValue(added.setCookie)}`;
    const cart = await serve(cartLoader, "/cart", { cookie });
    expect(queried(cart.sessions).map((s) => s.start)).toEqual([added.reached]);
    expect(JSON.stringify(cart.response.status === 200 ? await cart.response.json() : null)).toContain('"quantity":1');
    // A page that only read leaves the cookie as it is.
    expect(cart.setCookie).toBeNull();
  });

  it("a JSON API caller signed in with a Bearer token carries no bookmark, so it reads on the primary; an anonymous API read may use any replica", async () => {
    const me = await shopper();
    const token = await issueApiToken(getConfig(env), me.id, await createSession(w.deps, me.id));
    const spy = spyD1(env.DB);
    const request = new Request("https://store.test/api/orders/mine", { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    const context = await loadContext(request, { DB: spy.binding });
    expect(context.database.start).toBe("first-primary");
    const visitor = await loadContext(new Request("https://store.test/api/products"), { DB: spy.binding });
    expect(visitor.database.start).toBe("first-unconstrained");
  });

  it("Google's return, which signs in or creates an account by a GET, reads on the primary", async () => {
    const context = await loadContext(new Request("https://store.test/auth/google/callback?code=x&state=y"));
    expect(context.database.start).toBe("first-primary");
  });

  it("signed in without a bookmark (just signed in), the first page reads on the primary and hands one out", async () => {
    const me = await shopper();
    const page = await serve(productsLoader, "/products", { cookie: me.cookie });
    expect(queried(page.sessions).map((s) => s.start)).toEqual(["first-primary"]);
    expect(page.setCookie).toMatch(/^__d1b=/);
  });

  it("a forged, unsigned or malformed bookmark is ignored: the page reads on the primary and works", async () => {
    const me = await shopper();
    const unsigned = "00000000-00000001-00000000-00000000000000000000000000000000";
    const signedNonsense = (await appCookies(config).bookmark.serialize("'; DROP TABLE orders; --")).split(";")[0];
    for (const bookmark of ["__d1b=garbage", `__d1b=${unsigned}`, `__d1b=${btoa(JSON.stringify(unsigned))}.AAAA`, signedNonsense, "__d1b="]) {
      const page = await serve(productsLoader, "/products", { cookie: `${me.cookie}; ${bookmark}` });
      expect(page.response.status).toBe(200);
      expect(queried(page.sessions).map((s) => s.start)).toEqual(["first-primary"]);
      // It is replaced by a bookmark the store signed.
      expect(page.setCookie).toMatch(/^__d1b=/);
    }
  });

  it("an old bookmark still reads (from a copy at least that new) and is never handed back older", async () => {
    const me = await shopper();
    const first = await serve(cartAddAction, "/cart/add", { cookie: me.cookie, form: { productId: String(w.productId) } });
    const second = await serve(cartAddAction, "/cart/add", {
      cookie: `${me.cookie}; ${bookmarkValue(first.setCookie)}`,
      form: { productId: String(w.productId) },
    });
    expect(second.reached! > first.reached!).toBe(true);
    // Two tabs: the first tab, still holding the older bookmark, reads a page; nothing winds the newer one back.
    const stale = await serve(cartLoader, "/cart", { cookie: `${me.cookie}; ${bookmarkValue(first.setCookie)}` });
    expect(stale.response.status).toBe(200);
    expect(queried(stale.sessions).map((s) => s.start)).toEqual([first.reached]);
    expect(stale.setCookie).toBeNull();
  });

  it("signing out clears the bookmark, and so does a visit whose session is gone or was left behind", async () => {
    const me = await shopper();
    const added = await serve(cartAddAction, "/cart/add", { cookie: me.cookie, form: { productId: String(w.productId) } });
    const bookmark = bookmarkValue(added.setCookie);
    const out = await serve(logoutAction, "/logout", { cookie: `${me.cookie}; ${bookmark}`, form: {} });
    expect(out.response.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    expect(out.setCookie).toMatch(/^__d1b=; Max-Age=0;/);
    // The old session's cookie, sent again (a tab that missed the sign-out): nobody is signed in, the bookmark goes.
    const revoked = await serve(productsLoader, "/products", { cookie: `${me.cookie}; ${bookmark}` });
    expect(revoked.context.deps.user).toBeNull();
    expect(revoked.setCookie).toMatch(/^__d1b=; Max-Age=0;/);
    // A bookmark without a session is a visitor's page: read from any replica, and the cookie goes.
    const left = await serve(productsLoader, "/products", { cookie: bookmark });
    expect(queried(left.sessions).map((s) => s.start)).toEqual(["first-unconstrained"]);
    expect(left.setCookie).toMatch(/^__d1b=; Max-Age=0;/);
  });
});

describe("money and stock steps run on the primary", () => {
  /** A shopper with a fish in the cart and a delivery to choose. */
  async function readyToPay() {
    const me = await shopper();
    await env.DB.prepare("INSERT INTO cart_items (user_id, product_id, quantity) VALUES (?, ?, 1)").bind(me.id, w.productId).run();
    const delivery = await w.delivery(Date.now());
    return { ...me, delivery: `${delivery.date}.${delivery.slot}` };
  }

  it("a checkout, the payment's return, the order page and the shopper's cancel", async () => {
    const me = await readyToPay();
    const tab = browser(me.cookie);
    tab.take(await serve(productsLoader, "/products", { cookie: tab.cookie() }));
    const checkout = tab.take(await serve(checkoutAction, "/checkout", { cookie: tab.cookie(), form: { ...w.shipping, delivery: me.delivery } }));
    // Without JavaScript the checkout goes straight to the advance's payment link.
    expect(checkout.response.status).toBe(303);
    expect(checkout.response.headers.get("Location")).toContain("/sandbox/link/");
    moneyOnlyOnPrimary(checkout.sessions);
    const order = await w.one<{ id: number; number: string }>("SELECT id, number FROM orders WHERE user_id = ?", me.id);

    // The pay page opens an attempt at the gateway: a GET, on the primary.
    const pay = tab.take(await serve(payLoader, `/orders/${order.number}/pay`, { cookie: tab.cookie(), params: { number: order.number } }));
    expect(pay.response.status).toBe(200);
    moneyOnlyOnPrimary(pay.sessions);

    // The gateway's return by GET (a payment link's), signed in and not.
    const { linkId } = await startAdvanceLink(w.deps, (await w.deps.db.query.orders.findFirst({ where: (o, { eq }) => eq(o.id, order.id) }))!, "x@example.in");
    const paid = await sandboxPayLink(w.deps, linkId);
    if (!paid?.ok || !paid.query) throw new Error("the sandbox took no payment");
    for (const who of [undefined, tab.cookie()]) {
      const returned = await serve(callbackLoader, `/orders/${order.number}/callback?${paid.query}`, { cookie: who, params: { number: order.number } });
      expect(returned.response.status).toBe(303);
      moneyOnlyOnPrimary(returned.sessions);
      if (who) tab.take(returned);
    }
    expect(await w.one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_raised" });

    // The order page reads the shopper's own order from a copy at least as new as their last write.
    const page = await serve(orderLoader, `/orders/${order.number}`, { cookie: tab.cookie(), params: { number: order.number } });
    expect(page.response.status).toBe(200);
    expect(queried(page.sessions).map((s) => s.start)).toEqual([tab.holds]);
    expect(JSON.stringify(await page.response.json())).toContain('"status":"order_raised"');

    const version = (await w.one<{ version: number }>("SELECT version FROM orders WHERE id = ?", order.id)).version;
    const cancel = tab.take(
      await serve(orderAction, `/orders/${order.number}`, {
        cookie: tab.cookie(),
        form: { version: String(version), reason: "Plans changed" },
        params: { number: order.number },
      }),
    );
    expect([cancel.response.status, cancel.response.headers.get("Location")]).toEqual([302, `/orders/${order.number}`]);
    moneyOnlyOnPrimary(cancel.sessions);
    expect(await w.one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_cancelled" });
    expect(tab.holds).toBe(cancel.reached);
  });

  it("a reservation that ran out is released on the primary when an order page shows it", async () => {
    const me = await readyToPay();
    const [date, slot] = me.delivery.split(".");
    const row = await createShopOrder(w.deps, {
      user: { id: me.id },
      lines: [{ productId: w.productId, quantity: 1 }],
      shipping: w.shipping,
      delivery: { date, slot: slot as "evening" },
      now: Date.now(),
    });
    await env.DB.prepare("UPDATE orders SET reserved_until = ? WHERE id = ?")
      .bind(Date.now() - 1000, row.id)
      .run();
    const bookmark = bookmarkValue((await serve(productsLoader, "/products", { cookie: me.cookie })).setCookie);
    const page = await serve(orderLoader, `/orders/${row.number}`, { cookie: `${me.cookie}; ${bookmark}`, params: { number: row.number } });
    expect(JSON.stringify(await page.response.json())).toContain('"status":"payment_expired"');
    const writes = page.sessions.flatMap((s) => s.statements.filter((q) => !/^\s*select\b/i.test(q)).map(() => s.start));
    expect(writes.length).toBeGreaterThan(0);
    expect(new Set(writes)).toEqual(new Set(["first-primary"]));
    // What the page shows of the order is read after the release, where it was made.
    const shown = page.sessions.filter((s) => s.statements.some((q) => /from "orders" where \("orders"\."number" = \?/.test(q)));
    expect(shown.map((s) => s.start)).toEqual(["first-primary"]);
  });

  it("an admin's status move", async () => {
    const { order } = await w.paidOrder();
    await env.DB.prepare("UPDATE users SET email_verified_at = ? WHERE id = ?").bind(Date.now(), w.admin.id).run();
    const admin = { cookie: await sessionCookie(w.admin.id) };
    const moved = await serve(adminOrderAction, `/admin-dashboard/orders/${order.number}`, {
      cookie: admin.cookie,
      form: { intent: "status", status: "order_confirmed", version: String(await w.version(order.id)) },
      params: { number: order.number },
    });
    expect([moved.response.status, moved.response.headers.get("Location")]).toEqual([302, `/admin-dashboard/orders/${order.number}`]);
    moneyOnlyOnPrimary(moved.sessions);
    expect(await w.one("SELECT status FROM orders WHERE id = ?", order.id)).toEqual({ status: "order_confirmed" });
  });

  it("the scheduled job opens no session: every query goes to the primary", async () => {
    const spy = spyD1(env.DB);
    await runScheduledJobs({ ...env, DB: spy.binding } as never, Date.now());
    expect(spy.seen.sessions).toEqual([]);
    expect(spy.bare.statements.some((q) => MONEY_OR_STOCK.test(q))).toBe(true);
  });

  it("a page's read session reaches a money step only through onPrimary, which a money step's type demands", async () => {
    const me = await shopper();
    const anonymous = await serve(productsLoader, "/products");
    const deps: Deps = anonymous.context.deps;
    expect(deps.db).not.toBe(deps.primaryDb);
    const primary = onPrimary(deps);
    expect(primary.db).toBe(deps.primaryDb);
    // A form post is on the primary already: handed back as it is.
    const post = await serve(cartAddAction, "/cart/add", { cookie: me.cookie, form: { productId: String(w.productId) } });
    expect(onPrimary(post.context.deps)).toBe(post.context.deps);
    // @ts-expect-error a money step does not take a request's read session
    const refused = () => checkOut(deps, { user: { id: me.id }, shipping: w.shipping, delivery: { date: "", slot: "evening" } });
    expect(refused).toBeTypeOf("function");
  });
});
