import { describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { triggerScheduled } from "../../scripts/lib/local.mjs";
import { bidderSessions, firstOpenSlot } from "./auction-world";
import { baseUrl, expectNoAxeViolations, toast, useBrowser } from "./browser";
import { SOFT_CLOSE_SECONDS } from "./global-setup";
import { freshId, useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();
const bidder = bidderSessions(sql);
const SOFT_CLOSE_MS = SOFT_CLOSE_SECONDS * 1_000;
/** One soft-close window after the bids, then the pages of the second chance. */
const TIMEOUT_MS = 90_000 + 3 * SOFT_CLOSE_MS;

type Opened = Awaited<ReturnType<typeof open>>;

/** A bid through the auction API as the bidder signed in to `context` (the bid form is tested in auctions.spec.ts). */
async function bidAs(context: BrowserContext, auctionId: number, amount: number) {
  const res = await context.request.post("/api/bids", { data: { auction_id: auctionId, amount } });
  expect(await res.json()).toMatchObject({ success: true });
}

const ordersOf = (id: number) => sql(`SELECT user_id, number, status FROM orders WHERE auction_id = ${id} ORDER BY id`);

/**
 * A live auction and three bidders (ids from `firstUser`): the third bids ₹1,000, the runner-up ₹1,200 and the
 * winner ₹1,500 (Bidder 1, 2 and 3 in its log). It closes one soft-close window after the bids; returns once the
 * winner's order exists.
 */
async function closedWithThree(title: { en: string; te?: string }, javaScript: boolean) {
  const id = freshId();
  const firstUser = freshId(3);
  const end = Date.now() + SOFT_CLOSE_MS;
  await sql(
    `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise, title_te) VALUES (${id}, '${title.en}', 'A Godavari Pulasa for the second chance.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000, ${title.te ? `'${title.te}'` : "NULL"})`,
  );
  const variant = { javaScript, viewport: "phone" } as const;
  const third = await open(variant, { cookies: await bidder(firstUser, "Ravi Kumar") });
  const runnerUp = await open(variant, { cookies: await bidder(firstUser + 1, "Gopi Varma") });
  const winner = await open(variant, { cookies: await bidder(firstUser + 2, "Sita Rao") });
  await bidAs(third.context, id, 1000);
  await bidAs(runnerUp.context, id, 1200);
  await bidAs(winner.context, id, 1500);
  await expect.poll(() => ordersOf(id), { timeout: 2 * SOFT_CLOSE_MS + 30_000, interval: 1_000 }).toHaveLength(1);
  const ids = { third: firstUser, runnerUp: firstUser + 1, winner: firstUser + 2 };
  return { id, ids, third, runnerUp, winner };
}

/**
 * The winner's 24 hours to pay run out: the e2e store cannot wait a day, so the order's reservation is moved into
 * the past in the database (the auction's object still counts a day ahead). The scheduled job then expires the
 * order as it expires any unpaid one, and prompts the auction to offer the lot on.
 */
async function winnerTimeRunsOut(id: number) {
  await sql(`UPDATE orders SET reserved_until = ${Date.now() - 1_000} WHERE auction_id = ${id} AND status = 'payment_pending'`);
  expect(await triggerScheduled(baseUrl())).toBe("ok");
}

const standing = (page: Page) => page.getByTestId("standing").innerText();
const logEntries = (page: Page) => page.getByTestId("log-entries").getByRole("listitem").allInnerTexts();

describe("the second chance: the lot goes to the runner-up when the winner does not pay", () => {
  it(
    "JavaScript off, in English: the runner-up is offered the lot at once by the scheduled job and pays it; the log and the admin's chain show it",
    { timeout: TIMEOUT_MS },
    async () => {
      const { id, ids, third, runnerUp, winner } = await closedWithThree({ en: "Second chance lot" }, false);
      const [won] = (await ordersOf(id)) as { number: string }[];
      const admin = await open({ javaScript: false, viewport: "desktop" }, { cookies: await bidder(ids.winner + 1, "Store Admin", true) });

      // Before the time runs out the admin sees the winner's order waiting, and nothing to stop.
      await admin.page.goto("/admin-dashboard/auctions");
      const chain = admin.page.getByTestId(`offers-${id}`);
      expect(await chain.innerText()).toMatch(
        new RegExp(`Winner: Sita Rao \\(bidder${ids.winner}\\.\\d+@example\\.in\\) · ₹1,500 · ${won.number} · waiting for the advance until `),
      );
      expect(await chain.getByRole("button", { name: "Stop offering this lot" }).count()).toBe(0);

      await winnerTimeRunsOut(id);
      await expect.poll(() => ordersOf(id)).toHaveLength(2);
      const [, offer] = (await ordersOf(id)) as { user_id: number; number: string; status: string }[];
      expect(offer).toMatchObject({ user_id: ids.runnerUp, status: "payment_pending" });
      expect((await ordersOf(id))[0]).toMatchObject({ status: "payment_expired" });

      // The runner-up's auction page offers the lot at their own highest bid, with the way to pay.
      await runnerUp.page.goto(`/auctions/${id}`);
      expect(await standing(runnerUp.page)).toBe("The winner did not pay in time: this lot is offered to you at your highest bid. Pay the ₹500 advance");
      expect(await runnerUp.page.getByTestId("standing").getByRole("link").getAttribute("href")).toBe(`/orders/${offer.number}/pay`);
      await expectNoAxeViolations(runnerUp.page);
      // The winner is told their time ran out; the third bidder is offered nothing.
      await winner.page.goto(`/auctions/${id}`);
      expect(await standing(winner.page)).toBe(
        "Your 24 hours to pay the ₹500 advance ran out, so the lot is no longer yours: it goes to the next highest bidder, if there is one.",
      );
      await third.page.goto(`/auctions/${id}`);
      expect(await standing(third.page)).toBe("This auction has ended. Another bidder won it.");

      // The log lists the step: the winner's lapse and the offer to Bidder 2 at ₹1,200.
      await runnerUp.page.goto(`/auctions/${id}/log`);
      const entries = await logEntries(runnerUp.page);
      expect(entries.slice(-3).map((e) => e.split("\n").slice(1, 4).join(" | "))).toEqual([
        "Closed | Bidder 3 | ₹1,500",
        "Not paid in time | Bidder 3 | ₹1,500",
        "Offered to the next bidder | Bidder 2 | ₹1,200",
      ]);

      // The admin's chain: the winner not paid in time, the offer waiting, and the Stop.
      await admin.page.reload();
      const text = await chain.innerText();
      expect(text).toContain(`Winner: Sita Rao (bidder${ids.winner}.`);
      expect(text).toContain(`· ₹1,500 · ${won.number} · not paid in time`);
      expect(text).toMatch(
        new RegExp(`Offer 1: Gopi Varma \\(bidder${ids.runnerUp}\\.\\d+@example\\.in\\) · ₹1,200 · ${offer.number} · waiting for the advance until `),
      );
      expect(await chain.getByRole("button", { name: "Stop offering this lot" }).count()).toBe(1);

      // My Orders has the offer at ₹1,200; the runner-up pays its advance without JavaScript (the payment link).
      await runnerUp.page.goto("/orders");
      const card = runnerUp.page.getByRole("article").filter({ hasText: offer.number });
      expect(await card.innerText()).toContain("Second chance lot");
      expect(await card.innerText()).toContain("Awaiting Payment");
      expect(await card.innerText()).toContain("₹1,200");
      await card.getByRole("link", { name: "Pay ₹500 advance" }).click();
      await runnerUp.page.waitForURL(`**/orders/${offer.number}/pay`);
      // The runner-up did not win the auction: the pay page says the lot is offered to them.
      expect(await runnerUp.page.getByRole("main").innerText()).toMatch(
        new RegExp(`This lot is offered to you at your highest bid\\. Pay the ₹500 token advance by .+ to claim order ${offer.number}\\.`),
      );
      const address = {
        "First name": "Gopi",
        "Last name": "Varma",
        "Phone number": "9876543210",
        Address: "4-2 Lock Road, Dowleswaram",
        City: "Rajahmundry",
        Pincode: "533125",
      };
      for (const [label, value] of Object.entries(address)) await runnerUp.page.getByLabel(label, { exact: true }).fill(value);
      await runnerUp.page.getByLabel("State").selectOption("Andhra Pradesh");
      await firstOpenSlot(runnerUp.page).check();
      await runnerUp.page.getByRole("button", { name: "Pay ₹500" }).click();
      await runnerUp.page.waitForURL(/\/sandbox\/link\/plink_/);
      await runnerUp.page.getByRole("button", { name: "Pay", exact: true }).click();
      await runnerUp.page.waitForURL(`**/orders/${offer.number}`);
      expect(await toast(runnerUp.page)).toBe("Payment successful! Order placed successfully!");
      expect(await sql(`SELECT status, estimated_total_paise FROM orders WHERE number = '${offer.number}'`)).toEqual([
        { status: "order_raised", estimated_total_paise: 120000 },
      ]);
      await runnerUp.page.goto(`/auctions/${id}`);
      expect(await runnerUp.page.getByTestId("standing").getByRole("link").innerText()).toBe("View your order");

      // Paid: the chain says so, nothing is left to stop, and a later run offers the lot to nobody else.
      await admin.page.reload();
      expect(await chain.innerText()).toContain(`· ₹1,200 · ${offer.number} · advance paid`);
      expect(await chain.getByRole("button", { name: "Stop offering this lot" }).count()).toBe(0);
      expect(await triggerScheduled(baseUrl())).toBe("ok");
      expect(await ordersOf(id)).toHaveLength(2);
      await expectNoAxeViolations(admin.page);
      await Promise.all([admin, third, runnerUp, winner].map((o: Opened) => o.close()));
    },
  );

  it(
    "JavaScript on, in Telugu: the runner-up's open page turns to the offer by itself; the admin's Stop cancels it and nobody else is offered the lot",
    { timeout: TIMEOUT_MS },
    async () => {
      const title = { en: "Stopped offer lot", te: "ఆపిన ఆఫర్ లాట్" };
      const { id, ids, third, runnerUp, winner } = await closedWithThree(title, true);
      const admin = await open({ javaScript: true, viewport: "desktop" }, { cookies: await bidder(ids.winner + 1, "Store Admin", true) });

      // The runner-up's page is open when the scheduled job runs: the offer arrives over its live connection.
      await runnerUp.page.goto(`/te/auctions/${id}`);
      expect(await standing(runnerUp.page)).toBe("ఈ వేలం ముగిసింది. వేరే బిడ్డర్ గెలిచారు.");
      await winnerTimeRunsOut(id);
      await expect
        .poll(() => standing(runnerUp.page), { timeout: 15_000 })
        .toBe("గెలిచినవారు సమయానికి చెల్లించలేదు: ఈ లాట్‌ను మీ అత్యధిక బిడ్‌కు మీకు ఇస్తున్నాం. ₹500 అడ్వాన్స్ చెల్లించండి");
      const [, offer] = (await ordersOf(id)) as { user_id: number; number: string }[];
      expect(offer.user_id).toBe(ids.runnerUp);
      expect(await runnerUp.page.getByTestId("standing").getByRole("link").getAttribute("href")).toBe(`/te/orders/${offer.number}/pay`);
      await runnerUp.page.goto("/te/orders");
      const card = runnerUp.page.getByRole("article").filter({ hasText: offer.number });
      expect(await card.innerText()).toContain(title.te);
      expect(await card.innerText()).toContain("చెల్లింపు కోసం వేచి ఉంది");
      expect(await card.getByRole("link", { name: "₹500 అడ్వాన్స్ చెల్లించండి" }).count()).toBe(1);
      await expectNoAxeViolations(runnerUp.page);
      await card.getByRole("link", { name: "₹500 అడ్వాన్స్ చెల్లించండి" }).click();
      await runnerUp.page.waitForURL(`**/te/orders/${offer.number}/pay`);
      await expect.poll(() => runnerUp.page.getByRole("main").innerText()).toContain("ఈ లాట్‌ను మీ అత్యధిక బిడ్‌కు మీకు ఇస్తున్నాం. ఆర్డర్");

      // The admin stops the offers: the runner-up's order is cancelled, the chain says so, no Stop is left.
      await admin.page.goto("/admin-dashboard/auctions");
      const chain = admin.page.getByTestId(`offers-${id}`);
      await chain.getByRole("button", { name: "Stop offering this lot" }).click();
      await expect.poll(() => toast(admin.page)).toBe("Offers stopped: the waiting order is cancelled and nobody else will be offered the lot");
      await expect.poll(() => chain.innerText()).toContain(`· ₹1,200 · ${offer.number} · cancelled`);
      expect(await chain.getByRole("button", { name: "Stop offering this lot" }).count()).toBe(0);

      // After the stop nobody further is offered the lot, whatever the scheduled job finds.
      expect(await triggerScheduled(baseUrl())).toBe("ok");
      expect(await ordersOf(id)).toEqual([
        expect.objectContaining({ user_id: ids.winner, status: "payment_expired" }),
        expect.objectContaining({ user_id: ids.runnerUp, status: "order_cancelled" }),
      ]);
      await third.page.goto(`/te/auctions/${id}`);
      expect(await standing(third.page)).toBe("ఈ వేలం ముగిసింది. వేరే బిడ్డర్ గెలిచారు.");
      await runnerUp.page.goto(`/te/auctions/${id}`);
      expect(await runnerUp.page.getByTestId("standing").getByRole("link").count()).toBe(0);

      // The Telugu log lists the offer and the stop.
      await third.page.goto(`/te/auctions/${id}/log`);
      const entries = await logEntries(third.page);
      expect(entries.slice(-3).map((e) => e.split("\n").slice(1, 3).join(" | "))).toEqual([
        "సమయానికి చెల్లించలేదు | బిడ్డర్ 3",
        "తర్వాతి బిడ్డర్‌కు ఇచ్చాం | బిడ్డర్ 2",
        "ఆఫర్లు ఆపేశాం | బిడ్డర్ 2",
      ]);
      for (const [who, o] of Object.entries({ admin, third, runnerUp, winner })) expect([who, o.errors.map((e) => e.slice(0, 40))]).toEqual([who, []]);
      await Promise.all([admin, third, runnerUp, winner].map((o) => o.close()));
    },
  );
});
