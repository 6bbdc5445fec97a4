import { env } from "cloudflare:workers";
import type { PrimaryDeps } from "~/deps";
import { describe, expect, it } from "vitest";
import { processOrderRefunds, refundAmountStatement } from "~/payments/ledger.server";
import { DAMAGE, pngFile, setUpClaimsWorld } from "../../tests/setup/claims";
import { ledgerSums } from "../../tests/setup/money";
import { fileClaim } from "./claims.server";
import { approveClaim, rejectClaim } from "./decide.server";

const w = setUpClaimsWorld();
const { deps, one, all } = w;

/** A delivered order (balance by link: ₹500 + ₹29,500 captured, unless said otherwise) with an open claim. */
async function openClaim(balance: "link" | "cash" | "difference" = "link") {
  const delivered = await w.deliveredOrder(balance);
  await fileClaim(deps, delivered.user, delivered.order.number, { ...DAMAGE, files: [pngFile(crypto.randomUUID())] }, delivered.deliveredAt + 60_000);
  const { id } = await one<{ id: number }>("SELECT id FROM claims WHERE order_id = ? AND status = 'open'", delivered.order.id);
  return { ...delivered, id };
}

/** Deps whose next batch runs `first` just before it: another writer landing between a step's checks and its write. */
function landingFirst(first: () => Promise<unknown>): PrimaryDeps {
  let pending: (() => Promise<unknown>) | null = first;
  const client = new Proxy(deps.db.$client, {
    get(target, prop) {
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          const run = pending;
          pending = null;
          if (run) await run();
          return target.batch(statements);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...deps, db: new Proxy(deps.db, { get: (target, prop, receiver) => (prop === "$client" ? client : Reflect.get(target, prop, receiver)) }) };
}

/** What the sandbox gateway itself refunded on the order's payments. */
const gatewayRefunded = async (orderId: number) =>
  (
    await one<{ n: number }>(
      "SELECT coalesce(sum(amount_paise), 0) AS n FROM sandbox_records WHERE kind = 'refund' AND parent IN (SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture')",
      orderId,
    )
  ).n;

const claimRefunds = (orderId: number) =>
  all<{ ref: string; amount_paise: number; state: string }>(
    "SELECT ref, amount_paise, state FROM ledger WHERE order_id = ? AND reason = 'claim' ORDER BY id",
    orderId,
  );

describe("approving a claim", () => {
  it("refunds the amount from the order's payments, oldest first, through the gateway; the customer is told with the order's address", async () => {
    const { order, id, user } = await openClaim("link");
    const result = await approveClaim(deps, w.admin, { id, amountPaise: 100_000 });
    expect(result.message).toBe("Claim approved: ₹1,000 refunded.");
    const captures = await all<{ ref: string }>("SELECT ref FROM ledger WHERE order_id = ? AND kind = 'capture' ORDER BY id", order.id);
    expect(await claimRefunds(order.id)).toEqual([
      { ref: `claim-${id}:${captures[0].ref}`, amount_paise: 50_000, state: "done" },
      { ref: `claim-${id}:${captures[1].ref}`, amount_paise: 50_000, state: "done" },
    ]);
    expect(await gatewayRefunded(order.id)).toBe(100_000);
    expect(await one("SELECT status, refund_paise, decided_by FROM claims WHERE id = ?", id)).toEqual({
      status: "approved",
      refund_paise: 100_000,
      decided_by: w.admin.id,
    });
    expect(await one("SELECT from_value, to_value, note FROM order_events WHERE order_id = ? AND kind = 'claim' AND to_value = 'approved'", order.id)).toEqual({
      from_value: String(id),
      to_value: "approved",
      note: "Refund: ₹1,000",
    });
    const notice = await one("SELECT title, message, order_number FROM notifications WHERE user_id = ? AND type = 'claim'", user.id);
    expect(notice).toEqual({
      title: `Claim approved: ${order.number}`,
      message: `Your report on order ${order.number} (transit damage) is approved: ₹1,000 is refunded to your original payment method. Refunds reach your account in 5 to 7 working days.`,
      order_number: order.number,
    });
    const mail = await one<{ body: string }>('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', user.email);
    expect(mail.body).toContain(`View your order: https://store.test/orders/${order.number}`);
  });

  it("never refunds more than the payments have left: ₹500 after a cash balance, ₹250 after a difference refund", async () => {
    const cash = await openClaim("cash");
    await expect(approveClaim(deps, w.admin, { id: cash.id, amountPaise: 50_100 })).rejects.toThrow("At most ₹500 can be refunded for this order.");
    await approveClaim(deps, w.admin, { id: cash.id, amountPaise: 50_000 });
    expect(await ledgerSums(cash.order.id)).toMatchObject({ captured: 50_000, refunded: 50_000 });

    const difference = await openClaim("difference");
    await expect(approveClaim(deps, w.admin, { id: difference.id, amountPaise: 25_100 })).rejects.toThrow("At most ₹250 can be refunded for this order.");
    await approveClaim(deps, w.admin, { id: difference.id, amountPaise: 25_000 });
    expect(await ledgerSums(difference.order.id)).toMatchObject({ captured: 50_000, refunded: 50_000 });
    expect(await gatewayRefunded(difference.order.id)).toBe(50_000);
    // A second claim on the same order finds nothing left.
    await fileClaim(deps, difference.user, difference.order.number, { ...DAMAGE, files: [pngFile("again")] }, difference.deliveredAt + 120_000);
    const again = await one<{ id: number }>("SELECT id FROM claims WHERE order_id = ? AND status = 'open'", difference.order.id);
    await expect(approveClaim(deps, w.admin, { id: again.id, amountPaise: 100 })).rejects.toThrow("Nothing is left to refund for this order.");
    expect(await one("SELECT status FROM claims WHERE id = ?", again.id)).toEqual({ status: "open" });
  });

  it("two approvals at once refund once, even for different amounts", async () => {
    for (const amounts of [
      [100_000, 100_000],
      [20_000, 300_000],
    ]) {
      const { order, id } = await openClaim("link");
      const results = await Promise.allSettled(amounts.map((amountPaise) => approveClaim(deps, w.admin, { id, amountPaise })));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason.message).toBe("This claim has already been decided. Reload to see the decision.");
      const { refund_paise } = await one<{ refund_paise: number }>("SELECT refund_paise FROM claims WHERE id = ?", id);
      expect(amounts).toContain(refund_paise);
      expect((await ledgerSums(order.id)).refunded).toBe(refund_paise);
      expect(await gatewayRefunded(order.id)).toBe(refund_paise);
    }
  });

  it("an approval replayed (a second press, a resent form) refunds nothing more", async () => {
    const { order, id } = await openClaim("link");
    await approveClaim(deps, w.admin, { id, amountPaise: 70_000 });
    for (let i = 0; i < 2; i++) {
      await expect(approveClaim(deps, w.admin, { id, amountPaise: 70_000 })).rejects.toThrow("This claim has already been decided.");
    }
    expect((await ledgerSums(order.id)).refunded).toBe(70_000);
    expect(await gatewayRefunded(order.id)).toBe(70_000);
    expect(await all("SELECT 1 FROM order_events WHERE order_id = ? AND kind = 'claim' AND to_value = 'approved'", order.id)).toHaveLength(1);
  });

  it("approve and reject at once: exactly one wins, and the money follows the winner", async () => {
    for (let round = 0; round < 4; round++) {
      const { order, id } = await openClaim("link");
      const approve = () => approveClaim(deps, w.admin, { id, amountPaise: 40_000 });
      const reject = () => rejectClaim(deps, w.admin, { id, reason: "The fish in the photo is whole." });
      const results = await Promise.allSettled(round % 2 ? [approve(), reject()] : [reject(), approve()]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const { status } = await one<{ status: string }>("SELECT status FROM claims WHERE id = ?", id);
      expect((await ledgerSums(order.id)).refunded).toBe(status === "approved" ? 40_000 : 0);
      expect(await all("SELECT to_value FROM order_events WHERE order_id = ? AND kind = 'claim' AND to_value <> 'open'", order.id)).toEqual([
        { to_value: status },
      ]);
    }
  });

  it("what lands between an approval's checks and its write decides: no refund beyond the captures, no refund for a rejected claim", async () => {
    const a = await openClaim("cash");
    // Another refund of the whole ₹500 (a second claim's, say), written after the approval checked what was left.
    const other = () => refundAmountStatement(deps, { orderId: a.order.id, reason: "claim", key: "claim-other", amountPaise: 50_000, now: Date.now() });
    await expect(approveClaim(landingFirst(other), w.admin, { id: a.id, amountPaise: 50_000 })).rejects.toThrow("Nothing is left to refund for this order.");
    expect(await one("SELECT status FROM claims WHERE id = ?", a.id)).toEqual({ status: "open" });
    expect(await claimRefunds(a.order.id)).toEqual([expect.objectContaining({ ref: expect.stringMatching(/^claim-other:/) })]);
    expect((await ledgerSums(a.order.id)).refunded).toBe(50_000);

    const b = await openClaim("cash");
    const reject = () => rejectClaim(deps, w.admin, { id: b.id, reason: "The fish in the photo is whole." });
    await expect(approveClaim(landingFirst(reject), w.admin, { id: b.id, amountPaise: 20_000 })).rejects.toThrow("This claim has already been decided.");
    expect(await one("SELECT status FROM claims WHERE id = ?", b.id)).toEqual({ status: "rejected" });
    expect((await ledgerSums(b.order.id)).refunded).toBe(0);
  });

  it("a refund the gateway refuses stays pending and is retried once, never twice", async () => {
    const { order, id, user } = await openClaim("link");
    await env.DB.prepare("INSERT INTO sandbox_settings (key, value) VALUES ('refunds', 'fail')").run();
    const result = await approveClaim(deps, w.admin, { id, amountPaise: 60_000 });
    expect(result.message).toBe("Claim approved: the refund of ₹600 is waiting for the gateway and will be retried.");
    expect((await one<{ message: string }>("SELECT message FROM notifications WHERE user_id = ? AND type = 'claim'", user.id)).message).toBe(
      `Your report on order ${order.number} (transit damage) is approved: a refund of ₹600 to your original payment method is on its way. Refunds reach your account in 5 to 7 working days.`,
    );
    expect((await claimRefunds(order.id)).map((r) => r.state)).toEqual(["failed", "failed"]);
    await env.DB.prepare("DELETE FROM sandbox_settings").run();
    await processOrderRefunds(deps, order.id);
    await processOrderRefunds(deps, order.id);
    expect(await ledgerSums(order.id)).toMatchObject({ refunded: 60_000, pending: 0 });
    expect(await gatewayRefunded(order.id)).toBe(60_000);
  });

  it("refuses amounts below ₹1 or in paise (a part under ₹1 of one payment could never be refunded) and an unknown claim", async () => {
    const { id } = await openClaim("cash");
    for (const amountPaise of [50, 49_950])
      await expect(approveClaim(deps, w.admin, { id, amountPaise })).rejects.toThrow("Enter the refund in whole rupees, from ₹1");
    await expect(approveClaim(deps, w.admin, { id: 999_999, amountPaise: 100 })).rejects.toThrow("Claim not found");
  });
});

describe("rejecting a claim", () => {
  it("needs a reason, tells the customer why, and moves no money; a rejected claim cannot be approved", async () => {
    const { order, id, user } = await openClaim("link");
    await expect(rejectClaim(deps, w.admin, { id, reason: " " })).rejects.toThrow("Give a reason in 3 to 500 characters (the customer is shown it)");
    expect((await rejectClaim(deps, w.admin, { id, reason: "The photo shows a whole fish." })).message).toBe("Claim rejected. The customer has been told.");
    expect(await one("SELECT status, decision_reason FROM claims WHERE id = ?", id)).toEqual({
      status: "rejected",
      decision_reason: "The photo shows a whole fish.",
    });
    expect((await one("SELECT message FROM notifications WHERE user_id = ? AND type = 'claim'", user.id)).message).toBe(
      `Your report on order ${order.number} (transit damage) was not approved. Reason: The photo shows a whole fish.`,
    );
    await expect(approveClaim(deps, w.admin, { id, amountPaise: 10_000 })).rejects.toThrow("This claim has already been decided.");
    await expect(rejectClaim(deps, w.admin, { id, reason: "Again" })).rejects.toThrow("This claim has already been decided.");
    expect((await ledgerSums(order.id)).refunded).toBe(0);
  });
  it("tells a customer whose account is in Telugu in Telugu, the e-mail leading to the order's Telugu page", async () => {
    const { order, id, user } = await openClaim("link");
    await one("UPDATE users SET lang = 'te' WHERE id = ?", user.id);
    await rejectClaim(deps, w.admin, { id, reason: "The photo shows a whole fish." });
    expect(await one("SELECT title, message FROM notifications WHERE user_id = ? AND type = 'claim'", user.id)).toEqual({
      title: `మీరు తెలియజేసిన సమస్యను ఆమోదించలేదు: ${order.number}`,
      message: `ఆర్డర్ ${order.number} (రవాణాలో దెబ్బతింది) గురించి మీరు తెలియజేసిన సమస్యను ఆమోదించలేదు. కారణం: The photo shows a whole fish.`,
    });
    const mail = await one<{ body: string }>('SELECT body FROM mail_outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1', user.email);
    expect(mail.body).toContain(`మీ ఆర్డర్ చూడండి: https://store.test/te/orders/${order.number}`);
  });
});
