import { describe, expect, it } from "vitest";
import { adminStats, getAdminOrder, listAdminOrders } from "~/admin/order-list.server";
import { approveClaim } from "~/claims/decide.server";
import { fileClaim } from "~/claims/claims.server";
import { deliveryCsv, deliveryWork } from "~/delivery/work.server";
import { getUserOrder } from "~/orders/lookup.server";
import { toOrderCard } from "~/orders/views.server";
import { DAMAGE, pngFile, setUpClaimsWorld } from "../../tests/setup/claims";

/**
 * A delivered order owes nothing, whatever a claim refunded afterwards: every page that shows a balance (the
 * admin's order page and list, the packing list, the CSV, the customer's order page) reads it from one
 * definition, which counts a claim's refund as a refund, never as money the customer has yet to pay.
 */
const w = setUpClaimsWorld();
const { deps, one } = w;

/** A delivered order (₹30,000: ₹500 advance + ₹29,500 balance by link) with a claim approved for `refundPaise`. */
async function refundedClaim(refundPaise: number) {
  const delivered = await w.deliveredOrder("link");
  await fileClaim(deps, delivered.user, delivered.order.number, { ...DAMAGE, files: [pngFile(crypto.randomUUID())] }, delivered.deliveredAt + 60_000);
  const { id } = await one<{ id: number }>("SELECT id FROM claims WHERE order_id = ? AND status = 'open'", delivered.order.id);
  await approveClaim(deps, w.admin, { id, amountPaise: refundPaise });
  return delivered;
}

/** What every page shows of the order's money. */
async function shown(order: { number: string; userId: number; deliveryDate: string | null }) {
  const admin = await getAdminOrder(deps, order.number);
  const listed = (await listAdminOrders(deps, { status: null, q: order.number, page: 1 })).orders.find((o) => o.number === order.number);
  const work = await deliveryWork(deps, order.deliveryDate!);
  const packed = work.slots.flatMap((s) => s.orders).find((o) => o.number === order.number);
  const csv = (await deliveryCsv(deps, order.deliveryDate!, order.deliveryDate!)).split("\r\n").find((line) => line.startsWith(`"${order.number}"`));
  const card = toOrderCard(await getUserOrder(deps, order.userId, { number: order.number }, Date.now()), "en", Date.now());
  return {
    due: admin.due,
    rows: Object.fromEntries(admin.moneyRows.map((r) => [r.label, r.value])),
    payment: admin.payment,
    listed: listed?.payment,
    collect: packed?.collectText,
    csv,
    customerDue: card.duePaise,
    customerBalance: card.balance?.kind,
  };
}

describe("the balance of a delivered order after a claim's refund", () => {
  it("is nothing after a partial refund: the refund shows as one, on every page", async () => {
    const { order } = await refundedClaim(50_000);
    const seen = await shown(order);
    expect(seen.due).toEqual({ kind: "none" });
    expect(seen.rows).toEqual({
      "Estimated total": "₹25,000",
      "Final price": "₹30,000",
      Paid: "₹30,000",
      "Advance reference": expect.stringMatching(/^pay_/),
      "Refunded (claim)": "₹500",
      "Balance due": "₹0",
    });
    expect(seen.payment).toBe("Paid in full · Refunded (claim) ₹500");
    expect(seen.listed).toBe("Paid in full · Refunded (claim) ₹500");
    expect(seen.collect).toBe("Nothing to collect");
    // …,"Final","Paid","Refunded","To collect",…
    expect(seen.csv).toContain('"Delivered","Paid in full · Refunded (claim) ₹500"');
    expect(seen.csv).toContain('"25000.00","30000.00","30000.00","500.00","0.00"');
    expect(seen.customerDue).toBe(0);
    expect(seen.customerBalance).toBe("paid");
  });

  it("is nothing after a refund of everything paid", async () => {
    const { order } = await refundedClaim(3_000_000);
    const seen = await shown(order);
    expect(seen.due).toEqual({ kind: "none" });
    expect(seen.rows["Refunded (claim)"]).toBe("₹30,000");
    expect(seen.rows["Balance due"]).toBe("₹0");
    expect(seen.payment).toBe("Paid in full · Refunded (claim) ₹30,000");
    expect(seen.listed).toBe(seen.payment);
    expect(seen.collect).toBe("Nothing to collect");
    expect(seen.csv).toContain('"25000.00","30000.00","30000.00","30000.00","0.00"');
    expect(seen.customerDue).toBe(0);
  });

  it("adds nothing to the dashboard's balances outstanding, which sum each open order's balance due", async () => {
    const before = (await adminStats(deps)).outstandingPaise;
    const { order } = await w.paidOrder(1);
    await w.weigh(order, 1200);
    expect((await adminStats(deps)).outstandingPaise).toBe(before + 2_950_000);
    await refundedClaim(50_000);
    expect((await adminStats(deps)).outstandingPaise).toBe(before + 2_950_000);
  });
});
