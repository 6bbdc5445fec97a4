import { describe, expect, it } from "vitest";
import { toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import {
  balanceLink,
  cardIn,
  expectClosedLink,
  ledgerRows,
  openOrder,
  openPanel,
  payments,
  payOnStalePage,
  placePaidOrder,
  requestBalance,
  setStatus,
  weigh,
  useShopperAndAdmin,
} from "./money-steps";
import { arrive } from "./shop";

/**
 * The money of an order end to end, as the shopper and the admin see it: the ₹500 advance through the
 * sandbox checkout, the balance by payment link, a cancellation that refunds and closes the link, and cash on
 * delivery that closes it too. A closed link must take nothing, even from a tab opened while it was live.
 */

const open = useBrowser();

const DIALOG = '[role="dialog"]';

// JavaScript off on a phone and on at desktop width: both axes in two runs, as the other suites do.
const RUNS: Variant[] = [
  { javaScript: true, viewport: "desktop" },
  { javaScript: false, viewport: "phone" },
];

describe.each(RUNS)("money ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);
  // One shopper and one admin session for the flows: each flow is its own order.
  const sessions = useShopperAndAdmin(open, variant, "money");

  it(`advance, balance requested and paid by link, then delivered (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const number = await placePaidOrder(s, variant, sessions.email, { backToSandbox: true });

    await openOrder(a, number);
    await weigh(a, 1200, "Weights saved. Final price ₹30,000; balance ₹29,500.");
    // Every money action waits for a second press; the question says what will happen.
    await openPanel(a, "Request balance");
    const cod = await openPanel(a, "Paid on delivery");
    expect(await cod.innerText()).toContain("Collect the balance of ₹29,500 in cash on delivery?");
    const cancel = await openPanel(a, "Cancel order");
    expect(await cancel.getByLabel("Reason (shown to the customer)").count()).toBe(1);
    expect(await cancel.getByRole("button", { name: "Cancel the order and refund" }).count()).toBe(1);
    // Cancelling is its own form with a reason: the status list offers only forward moves.
    expect(await a.getByRole("combobox", { name: "Order status" }).locator("option").allInnerTexts()).not.toContain("Cancelled");
    await inspect(a, "admin-payments-panels", variant, { part: payments(a), darkScope: DIALOG });
    await cancel.locator("summary").click();
    await cod.locator("summary").click();
    await requestBalance(a, "₹29,500");
    expect((await payments(a).innerText()).replace(/\s+/g, " ")).toMatch(/Balance due ₹29,500/);

    // The customer pays the balance from My Orders on the sandbox's link page.
    const { pay, href } = await balanceLink(s, number, "₹29,500");
    await pay.click();
    await arrive(s, /\/sandbox\/link\/plink_/, "Razorpay sandbox");
    const linkPage = await s.getByRole("main").innerText();
    for (const text of ["Payment link", number, "₹29,500"]) expect(linkPage).toContain(text);
    await inspect(s, "sandbox-link-open", variant, { part: s.getByRole("main") });
    await s.getByRole("button", { name: "Pay", exact: true }).click();
    // The callback settles and leaves a clean URL: the payment's query never stays in the address bar.
    await s.waitForURL((url) => url.pathname === `/orders/${number}` && url.search === "");
    await expect.poll(() => toast(s)).toBe("Balance paid. Thank you!");
    const card = await s.getByRole("article").innerText();
    expect(card).toMatch(/Balance paid ₹29,500 on \d/);
    expect(card).not.toContain("Pay balance");
    await inspect(s, "order-balance-paid", variant, { part: s.getByRole("main") });

    // The paid link takes nothing more.
    await s.goto(href);
    await s.getByRole("heading", { name: "Already paid" }).waitFor();
    expect(await s.getByRole("button", { name: "Pay", exact: true }).count()).toBe(0);

    await openOrder(a, number);
    expect((await payments(a).innerText()).replace(/\s+/g, " ")).toMatch(/Balance due ₹0/);
    const rows = await ledgerRows(a);
    expect(rows.some((r) => r.includes("Capture · advance") && r.includes("₹500") && r.includes("Received"))).toBe(true);
    expect(rows.some((r) => r.includes("Capture · balance") && r.includes("₹29,500") && r.includes("Received"))).toBe(true);
    for (const step of ["Confirmed", "Packed", "Shipped", "Delivered"]) await setStatus(a, step);
    await inspect(a, "admin-payments-delivered", variant, { part: payments(a), darkScope: DIALOG });
  }, 180_000);

  it(`a cancelled order refunds the advance and its balance link takes nothing (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const number = await placePaidOrder(s, variant, sessions.email);
    await openOrder(a, number);
    await weigh(a, 1100, "Weights saved. Final price ₹27,500; balance ₹27,000.");
    await requestBalance(a, "₹27,000");

    // The customer opens the link, and leaves the page open while the admin cancels.
    const { pay, href } = await balanceLink(s, number, "₹27,000");
    await pay.click();
    await arrive(s, /\/sandbox\/link\/plink_/, "Razorpay sandbox");

    const cancel = await openPanel(a, "Cancel order");
    expect(await cancel.innerText()).toContain("Everything received for it (₹500) is refunded and any payment link is cancelled.");
    await cancel.getByLabel("Reason (shown to the customer)").fill("The catch was too small today");
    await cancel.getByRole("button", { name: "Cancel the order and refund" }).click();
    await expect.poll(() => toast(a)).toMatch(/^Order status updated to Cancelled! Notification sent to customer\./);
    const rows = await ledgerRows(a);
    expect(rows.some((r) => r.includes("Refund · cancellation") && r.includes("−₹500"))).toBe(true);
    await inspect(a, "admin-payments-cancelled", variant, { part: payments(a), darkScope: DIALOG });

    // Pay pressed on the page opened before the cancellation: the gateway refuses and the page says why.
    await payOnStalePage(s, href, number);
    // The same URL opened afresh says the same.
    await s.goto(href);
    await expectClosedLink(s, number);
    await inspect(s, "sandbox-link-closed", variant, { part: s.getByRole("main") });

    // The customer's order: the reason, what was paid and its refund; no balance was taken.
    await s.getByRole("link", { name: "View the order" }).click();
    await s.waitForURL(`**/orders/${number}`);
    const card = await s.getByRole("article").innerText();
    expect(card).toContain("Cancelled: The catch was too small today");
    expect(card).toMatch(/Paid\s+₹500/);
    expect(card).toMatch(/Refunded ₹500 on \d|Refund of ₹500 on its way/);
    expect(card).not.toContain("Balance paid");
    expect(card).not.toContain("Pay balance");
    await inspect(s, "order-cancelled", variant, { part: s.getByRole("main") });
    await openOrder(a, number);
    expect((await ledgerRows(a)).some((r) => r.includes("balance"))).toBe(false);
  }, 180_000);

  it(`paid on delivery closes the balance link, and delivery records the cash (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const number = await placePaidOrder(s, variant, sessions.email);
    await openOrder(a, number);
    await weigh(a, 1150, "Weights saved. Final price ₹28,750; balance ₹28,250.");
    await requestBalance(a, "₹28,250");

    const { pay, href } = await balanceLink(s, number, "₹28,250");
    await pay.click();
    await arrive(s, /\/sandbox\/link\/plink_/, "Razorpay sandbox");

    const cod = await openPanel(a, "Paid on delivery");
    expect(await cod.innerText()).toContain("Any payment link already sent is cancelled.");
    await cod.getByRole("button", { name: "Yes, go ahead" }).click();
    await expect.poll(() => toast(a)).toBe("The balance will be collected in cash on delivery.");

    // The link opened before is refused the same way.
    await payOnStalePage(s, href, number);
    await s.goto("/orders");
    expect(
      await cardIn(s, number)
        .getByRole("link", { name: /^Pay balance/ })
        .count(),
    ).toBe(0);

    for (const step of ["Confirmed", "Packed", "Shipped", "Delivered"]) await setStatus(a, step);
    const rows = await ledgerRows(a);
    expect(rows.some((r) => r.includes("Cash · balance") && r.includes("₹28,250") && r.includes("Received"))).toBe(true);
    expect(rows.some((r) => r.includes("Capture · balance"))).toBe(false);
    expect((await payments(a).innerText()).replace(/\s+/g, " ")).toMatch(/Balance due ₹0/);
    await inspect(a, "admin-payments-cash", variant, { part: payments(a), darkScope: DIALOG });

    await s.goto(`/orders/${number}`);
    expect(await s.getByRole("article").innerText()).toMatch(/Balance paid ₹28,250 on \d/);
  }, 180_000);
});
