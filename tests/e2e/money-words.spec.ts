import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";
import { openOrder, payments, placePaidOrder, useShopperAndAdmin, weigh } from "./money-steps";

/**
 * Every amount the shop shows, with the right words, as the shopper and the admin see them: the cart's
 * subtotal for the cart's quantity and the cart bar's advance due now, an order's weighed lines, a cancelled
 * order's refund (and who cancelled it), a delivered order after a claim's refund (nothing to collect), the
 * packing list and its CSV. JavaScript off on a phone and on at desktop width; English and Telugu.
 */

const open = useBrowser();
const sql = useLocalDb();

const RUNS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const orderNumber = () => `PUL-2611-${Array.from({ length: 4 }, () => ALPHABET[Math.floor(Math.random() * ALPHABET.length)]).join("")}`;

/** A date in IST `days` from today, away from the dates the other suites book. */
const istDay = (days: number) => new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

type Made = { status: string; paymentState: string; kg: number; final: number | null; grams?: number; ledger: [string, string, number, string][] };

/**
 * An order of the shopper's for `date`, made in the database as the shop leaves it: its fish line (weighed when
 * `grams` is given), its ledger rows [kind, reason, paise, state], and for a cancelled or delivered order the
 * status change by `actor` (the admin, or the shopper).
 */
async function makeOrder(email: string, date: string, made: Made, cancel?: { actor: "admin" | "shopper"; reason: string }) {
  const number = orderNumber();
  const now = Date.now();
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, final_total_paise, cancel_reason, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, stock_held, paid_at)
     SELECT ?, id, ?, ?, ?, 50000, ?, ?, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', ?, 'evening', 0, ? FROM users WHERE email = ?`,
    number,
    made.status,
    made.paymentState,
    2_500_000 * made.kg,
    made.final,
    cancel?.reason ?? null,
    date,
    now,
    email,
  );
  const [{ id }] = await sql("SELECT id FROM orders WHERE number = ?", number);
  await sql(
    `INSERT INTO order_items (order_id, product_id, name, name_te, image, price_paise, quantity, unit, weight_grams, final_paise)
     SELECT ?, id, name, name_te, image, price_paise, ?, 'kg', ?, ? FROM products WHERE slug = 'fresh-fish'`,
    id,
    made.kg,
    made.grams ?? null,
    made.grams ? made.final : null,
  );
  for (const [i, [kind, reason, paise, state]] of made.ledger.entries()) {
    await sql(
      `INSERT INTO ledger (order_id, kind, reason, ref, provider, amount_paise, state, payment_ref, created_at, updated_at) VALUES (?, ?, ?, ?, 'sandbox', ?, ?, ?, ?, ?)`,
      id,
      kind,
      reason,
      `words-${number}-${i}`,
      paise,
      state,
      kind === "refund" ? `words-${number}-0` : null,
      now,
      now,
    );
  }
  if (made.status === "order_cancelled" || made.status === "order_delivered") {
    const actor = cancel?.actor === "shopper" ? email : "admin@pulasa.local";
    await sql(
      `INSERT INTO order_events (order_id, actor_user_id, kind, from_value, to_value, note, created_at) SELECT ?, id, 'status', 'order_raised', ?, ?, ? FROM users WHERE email = ?`,
      id,
      made.status,
      cancel?.reason ?? null,
      now,
      actor,
    );
  }
  return number;
}

const text = async (page: Page, role: "article" | "main") => (await page.getByRole(role).first().innerText()).replace(/\s+/g, " ");

describe.each(RUNS)("money words ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);
  const sessions = useShopperAndAdmin(open, variant, "words");
  // Each run its own date, so the packing list shows this run's orders only.
  const date = istDay(variant.javaScript ? 6 : 5);

  it(`the cart's subtotal names the cart's quantity; the cart bar shows whole rupees and the advance due now (${label})`, async () => {
    const s = sessions.shopper.page;
    await s.goto("/products");
    const fish = s.locator("main article", { has: s.getByRole("heading", { name: "Fresh Pulasa Fish", exact: true }) });
    await fish.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => toast(s)).toContain("added to cart");
    await s.goto("/products");
    const bar = s.getByRole("complementary", { name: "Cart summary" });
    const said = (await bar.innerText()).replace(/\s+/g, " ");
    // (The dot between the estimate and the advance is shown from `sm` up; a phone puts them on two rows.)
    expect(said).toMatch(/^1 item in cart .*Estimated ₹25,000 (· )?₹500 advance due now/);
    expect(said).not.toMatch(/item\(s\)|₹25,000\.00|Total/);
    // A phone gets three short rows (the count and the estimate, what is due now, the buttons), not a screenful.
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(variant.viewport === "phone" ? 110 : 60);
    await inspect(s, "cart-bar", variant, { part: bar });

    await s.goto("/cart");
    const summary = s.getByRole("region", { name: "Order Summary" });
    expect(await summary.innerText()).toContain("Subtotal (estimated for about 1 kg)");
    await s.getByRole("button", { name: "Add one more Fresh Pulasa Fish" }).click();
    await expect.poll(() => s.getByLabel("Quantity of Fresh Pulasa Fish").innerText()).toBe("2 kg");
    await expect.poll(() => summary.innerText()).toContain("Subtotal (estimated for about 2 kg)");
    expect(await summary.innerText()).toContain("₹50,000");
    await s.goto("/checkout");
    expect(await s.getByRole("region", { name: "Order Summary" }).innerText()).toContain("Subtotal (estimated for about 2 kg)");

    // The same in Telugu.
    await s.goto("/te/cart");
    expect(await s.getByRole("region", { name: "ఆర్డర్ సారాంశం" }).innerText()).toContain("ఉప మొత్తం (అంచనా, సుమారు 2 కిలోలు)");
    await s.goto("/te/products");
    const teBar = (await s.getByRole("complementary", { name: "కార్ట్ సారాంశం" }).innerText()).replace(/\s+/g, " ");
    expect(teBar).toMatch(/^కార్ట్‌లో 2 వస్తువులు .*అంచనా ₹50,000 (· )?ఇప్పుడు ₹500 అడ్వాన్స్ చెల్లించాలి/);
    await inspect(s, "cart-bar-te", variant, { part: s.getByRole("complementary", { name: "కార్ట్ సారాంశం" }) });
    // Back to English for the tests that follow (the account remembers the last language).
    await s.goto("/cart");
  }, 180_000);

  it(`a weighed order shows each line's ordered and weighed weight and its final price, and the packing list the same (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const number = await makeOrder(sessions.email, date, {
      status: "order_confirmed",
      paymentState: "advance_paid",
      kg: 3,
      final: null,
      ledger: [["capture", "advance", 50_000, "done"]],
    });
    const delivered = await makeOrder(sessions.email, date, {
      status: "order_delivered",
      paymentState: "balance_paid",
      kg: 1,
      final: 2_500_000,
      grams: 1000,
      ledger: [
        ["capture", "advance", 50_000, "done"],
        ["cash", "balance", 2_450_000, "done"],
      ],
    });
    await openOrder(a, number);
    await weigh(a, 3150, "Weights saved. Final price ₹78,750; balance ₹78,250.");

    await s.goto(`/orders/${number}`);
    const card = await text(s, "article");
    expect(card).toContain("Fresh Pulasa Fish · 3 kg ordered · weighed 3.15 kg ₹78,750");
    expect(card).not.toContain("× 3 kg");
    expect(card).toMatch(/Final total ₹78,750/);
    await inspect(s, "order-weighed", variant, { part: s.getByRole("main") });
    await s.goto(`/te/orders/${number}`);
    // The Telugu page names the fish by the Telugu name the catalogue gives it.
    expect(await text(s, "article")).toContain("తాజా పులస చేప · ఆర్డర్ 3 కిలోలు · తూకం 3.15 కిలోలు ₹78,750");
    await inspect(s, "order-weighed-te", variant, { part: s.getByRole("main") });
    await s.goto(`/orders/${number}`);

    // The packing list: the weighed line with its price; the delivered order is not packed again.
    await a.goto(`/admin-dashboard/deliveries?date=${date}`);
    const packing = await text(a, "main");
    expect(packing).toContain("Fresh Pulasa Fish · 3 kg ordered · weighed 3.15 kg · ₹78,750 Balance to collect: ₹78,250");
    expect(packing).toContain("Fresh Pulasa Fish · 1 kg ordered · weighed 1 kg · ₹25,000 Nothing to collect");
    expect(await a.getByRole("region", { name: "To pack in all" }).innerText()).toMatch(/Fresh Pulasa Fish:\s*3 kg/);
    expect(packing).not.toContain("Ctrl");
    if (variant.javaScript) {
      // The button prints the page (window.print, counted here instead of opening the dialog).
      await a.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => void (window as unknown as { printed: number }).printed++;
      });
      await a.getByRole("button", { name: "Print packing list" }).click();
      expect(await a.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    } else {
      expect(packing).toContain("Print this page from your browser's menu for the packing table.");
      expect(await a.getByRole("button", { name: "Print packing list" }).count()).toBe(0);
    }
    await inspect(a, "packing-list", variant);

    // The CSV of that date: a byte order mark for Excel, the admin's words, a phone kept as text.
    const csv = await a.request.get(`/admin-dashboard/deliveries.csv?from=${date}&to=${date}`);
    const bytes = await csv.body();
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = bytes.toString("utf8").split("\r\n");
    expect(rows.find((r) => r.includes(number))).toContain(`"Evening, 3:00 PM – 8:00 PM","Confirmed","Advance paid","Asha Rani Devi","98765 43210"`);
    expect(rows.find((r) => r.includes(delivered))).toContain(`"Delivered","Paid in full"`);
    expect(bytes.toString("utf8")).not.toMatch(/order_confirmed|advance_paid|'\+91/);
  }, 180_000);

  it(`a delivered order after a claim's refund: the admin sees the refund and nothing due (${label})`, async () => {
    const a = sessions.admin.page;
    const number = await makeOrder(sessions.email, date, {
      status: "order_delivered",
      paymentState: "balance_paid",
      kg: 1,
      final: 2_500_000,
      grams: 1000,
      ledger: [
        ["capture", "advance", 50_000, "done"],
        ["cash", "balance", 2_450_000, "done"],
        ["refund", "claim", 50_000, "done"],
      ],
    });
    await openOrder(a, number);
    const money = (await payments(a).innerText()).replace(/\s+/g, " ");
    expect(money).toContain("Final price ₹25,000 Paid ₹25,000");
    expect(money).toContain("Refunded (claim) ₹500 Balance due ₹0");
    expect(money).not.toMatch(/Kept by the store|Balance due ₹500/);
    expect(await a.getByRole("dialog").innerText()).toContain("Paid in full · Refunded (claim) ₹500");
    await inspect(a, "admin-order-claim-refunded", variant, { part: a.getByRole("dialog"), darkScope: '[role="dialog"]' });
    await a.goto(`/admin-dashboard/deliveries?date=${date}`);
    expect(await a.locator("li", { hasText: number }).innerText()).toContain("Nothing to collect");
  }, 120_000);

  it(`a cancelled order: the admin reads its refund; the customer is asked to contact support only when the store cancelled (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const byStore = await makeOrder(
      sessions.email,
      date,
      {
        status: "order_cancelled",
        paymentState: "advance_paid",
        kg: 1,
        final: null,
        ledger: [
          ["capture", "advance", 50_000, "done"],
          ["refund", "cancel", 50_000, "done"],
        ],
      },
      { actor: "admin", reason: "The river was in flood" },
    );
    await openOrder(a, byStore);
    const dialog = (await a.getByRole("dialog").innerText()).replace(/\s+/g, " ");
    expect(dialog).toContain("Refunded ₹500");
    expect(dialog).not.toMatch(/Advance paid|Kept by the store|Balance due/);
    expect((await payments(a).innerText()).replace(/\s+/g, " ")).toContain("Paid ₹500 Advance reference");
    expect((await payments(a).innerText()).replace(/\s+/g, " ")).toContain("Refunded (cancellation) ₹500");
    await inspect(a, "admin-order-cancelled-refunded", variant, { part: a.getByRole("dialog"), darkScope: '[role="dialog"]' });
    await a.goto(`/admin-dashboard?q=${byStore}`);
    expect(await a.locator(variant.viewport === "phone" ? "main li" : "main tbody tr", { hasText: byStore }).innerText()).toContain("Refunded ₹500");

    await s.goto(`/orders/${byStore}`);
    const store = await text(s, "article");
    expect(store).toContain("Your order has been cancelled. Please contact support if this is unexpected.");
    expect(store).toContain("Cancelled: The river was in flood");
    expect(store).toMatch(/Refunded ₹500 on \d/);
    expect(store).toContain("A refund reaches your account 5 to 7 working days after it is made.");
    expect(store).not.toContain("If you paid the advance");
    await s.goto(`/te/orders/${byStore}`);
    const te = await text(s, "article");
    expect(te).toContain("మీ ఆర్డర్ రద్దయింది.");
    expect(te).toContain("రీఫండ్ చేసిన 5 నుంచి 7 పని దినాల్లో అది మీ ఖాతాకు చేరుతుంది.");
    expect(te).not.toContain("మీరు అడ్వాన్స్ చెల్లించి ఉంటే");

    // The customer cancels one of their own: thanked for it, not sent to support; the e-mail's sentences end.
    const own = await placePaidOrder(s, variant, sessions.email);
    await s.getByText("Cancel order", { exact: true }).click();
    await s.getByLabel("Why are you cancelling?").fill("Plans changed, sorry");
    await s.getByRole("button", { name: "Yes, cancel this order" }).click();
    await s.getByRole("status").getByText(`Order ${own} is cancelled.`, { exact: true }).waitFor();
    const mine = await text(s, "article");
    expect(mine).toContain("Your order has been cancelled, as you asked.");
    expect(mine).not.toContain("contact support");
    expect(mine).not.toContain("If you paid the advance");
    await inspect(s, "order-cancelled-by-customer", variant, { part: s.getByRole("main") });
    const mail = (await (await a.request.get("/dev/mail")).text()).replace(/\s+/g, " ");
    expect(mail).toContain("Reason: Plans changed, sorry. Refunded: ₹500 for order " + own + ".");
    await s.goto(`/te/orders/${own}`);
    expect(await text(s, "article")).toContain("మీరు కోరినట్లు మీ ఆర్డర్ రద్దయింది.");
    await s.goto(`/orders/${own}`);
  }, 180_000);
});
