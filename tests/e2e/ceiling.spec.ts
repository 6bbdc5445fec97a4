import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newAccount, signIn, toast, useBrowser, DEV_ADMIN, type Variant } from "./browser";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";
import { balanceLink, openOrder, weigh } from "./money-steps";
import { addFish, arrive, checkoutOneFish, ORDER_NUMBER, SANDBOX_PAGE, typeAddressByName } from "./shop";

/**
 * The price ceiling end to end: the shopper chooses the most they agree to pay at checkout, the admin weighs the
 * fish above it (with its photo), nothing may be packed or asked for until the shopper answers on the order page;
 * a decline refunds everything, an accept leads straight to the balance link.
 */
const open = useBrowser();
const sql = useLocalDb();

/** Two browsers: a new shopper's and the development admin's, both signed in. */
async function shopperAndAdmin(variant: Variant, tag: string) {
  const who = await newAccount(`shopper.ceiling-${tag}`, { name: "Asha Rani Devi", address: "12-4 Main Road, Rajahmundry" });
  const shopper = await open(variant);
  await signIn(shopper.page, who);
  const admin = await open({ javaScript: variant.javaScript, viewport: "desktop" });
  await signIn(admin.page, DEV_ADMIN);
  return { shopper, admin, close: async () => Promise.all([shopper.close(), admin.close()]) };
}

/** The Telugu checkout, filled by its fields' names (its labels are in Telugu), with the ceiling chosen. */
async function teluguCheckout(page: Page, payButton: string) {
  await page.goto("/te/checkout");
  await typeAddressByName(page);
  await page.locator("input[name=delivery]:not([disabled])").first().check();
  await page.getByRole("radio", { name: "అంచనా + 10%: గరిష్ఠంగా ₹27,500" }).check();
  await inspect(page, "ceiling-checkout-te", { javaScript: false, viewport: "phone" });
  await page.getByRole("button", { name: payButton }).click();
}

const ceilingSection = (page: Page, name: string) => page.getByRole("region", { name });

describe("the price ceiling", () => {
  it("+10% chosen at a Telugu checkout on a phone without JavaScript → weighed above it → Decline refunds everything", async () => {
    const variant: Variant = { javaScript: false, viewport: "phone" };
    const { shopper, admin, close } = await shopperAndAdmin(variant, "te");
    try {
      const s = shopper.page;
      const a = admin.page;
      await addFish(s);
      // The cart says what the fish is expected to cost and the most paid with the usual margin.
      await s.goto("/te/cart");
      const cart = await s.getByRole("main").innerText();
      expect(cart).toContain("అంచనా ఖర్చు");
      expect(cart).toContain("₹30,000 (అంచనా + 20%)");
      await inspect(s, "ceiling-cart-te", variant);

      await teluguCheckout(s, "₹500 చెల్లించండి");
      await arrive(s, SANDBOX_PAGE, "Razorpay sandbox");
      const number = ORDER_NUMBER.exec(await s.getByRole("main").innerText())![0];
      await s.getByRole("button", { name: "Pay", exact: true }).click();
      await s.waitForURL(`**/orders/${number}`);
      expect(await sql("SELECT ceiling_percent, ceiling_paise FROM orders WHERE number = ?", number)).toEqual([
        { ceiling_percent: 10, ceiling_paise: 2_750_000 },
      ]);
      await s.goto(`/te/orders/${number}`);
      expect(await ceilingSection(s, "మీ ధర పరిమితి").innerText()).toContain("మీరు గరిష్ఠంగా ₹27,500 చెల్లించడానికి ఒప్పుకున్నారు: అంచనా ₹25,000 + 10%.");

      // The admin weighs it above the limit, with the photo on the scale: nothing may be packed or asked for now.
      await openOrder(a, number);
      expect(await ceilingSection(a, "Customer's limit").innerText()).toContain("₹27,500 (estimate + 10%)");
      await weigh(a, 1200, "Weights saved. Final price ₹30,000; balance ₹29,500.");
      expect(await ceilingSection(a, "Customer's limit").innerText()).toContain(
        "Awaiting the customer's answer: the final price ₹30,000 is above their limit of ₹27,500.",
      );
      expect(await a.getByRole("region", { name: "Order status" }).innerText()).toContain(
        "Packed: the customer's answer first (the final price is above their limit).",
      );
      expect(await a.getByText("Request balance", { exact: true }).count()).toBe(0);
      expect(await a.getByText("Paid on delivery", { exact: true }).count()).toBe(0);
      await inspect(a, "ceiling-admin-awaiting", { javaScript: false, viewport: "desktop" }, { part: ceilingSection(a, "Customer's limit") });

      // The customer is asked, in Telugu, and declines.
      await s.goto(`/te/orders/${number}`);
      const section = ceilingSection(s, "మీ ధర పరిమితి");
      expect(await section.innerText()).toContain("మీ చేప ధర ₹30,000 అయింది, ఇది మీ పరిమితి ₹27,500 కంటే ఎక్కువ.");
      // The order's next step is the answer, not the balance.
      expect(await s.locator("main").innerText()).toContain("మీ చేపను తూకం వేశాం: ధర ₹30,000, మీరు ఒప్పుకున్న పరిమితి కంటే ఎక్కువ.");
      await inspect(s, "ceiling-ask-te", variant, { part: section });
      await section.getByRole("button", { name: "వద్దు, పూర్తి రీఫండ్ ఇవ్వండి" }).click();
      await s.waitForURL(`**/te/orders/${number}`);
      await expect.poll(() => toast(s)).toBe(`ఆర్డర్ ${number} రద్దయింది. మీరు చెల్లించినదంతా రీఫండ్ అవుతుంది.`);
      expect(await ceilingSection(s, "మీ ధర పరిమితి").innerText()).toContain("తుది ధర ₹30,000 మీరు వద్దన్నారు: ఆర్డర్ రద్దయింది, మీరు చెల్లించినదంతా రీఫండ్ అవుతుంది.");
      expect(await sql("SELECT status, price_answer FROM orders WHERE number = ?", number)).toEqual([{ status: "order_cancelled", price_answer: "declined" }]);
      expect(await sql("SELECT kind, amount_paise, state FROM ledger WHERE order_id = (SELECT id FROM orders WHERE number = ?) ORDER BY id", number)).toEqual([
        { kind: "capture", amount_paise: 50_000, state: "done" },
        { kind: "refund", amount_paise: 50_000, state: "done" },
      ]);
    } finally {
      await close();
    }
  }, 240_000);

  it("the usual +20% on a desktop with JavaScript → weighed above it → Accept leads to the balance link", async () => {
    const variant: Variant = { javaScript: true, viewport: "desktop" };
    const { shopper, admin, close } = await shopperAndAdmin(variant, "en");
    try {
      const s = shopper.page;
      const a = admin.page;
      const number = await checkoutOneFish(s);
      await s.getByRole("button", { name: "Pay", exact: true }).click();
      await s.waitForURL(`**/orders/${number}`);
      await s.getByRole("region", { name: "Your price limit" }).waitFor();
      expect(await ceilingSection(s, "Your price limit").innerText()).toContain("You agreed to pay at most ₹30,000: the estimate of ₹25,000 + 20%.");

      await openOrder(a, number);
      await weigh(a, 1300, "Weights saved. Final price ₹32,500; balance ₹32,000.");
      expect(await a.getByText("Request balance", { exact: true }).count()).toBe(0);

      await s.goto(`/orders/${number}`);
      const section = ceilingSection(s, "Your price limit");
      expect(await section.innerText()).toContain("Your fish came to ₹32,500, above your limit of ₹30,000.");
      expect(await s.locator("main").innerText()).toContain(
        "Your fish is weighed at ₹32,500, above the limit you agreed to. Nothing is packed until you accept or decline on the order page.",
      );
      expect(await section.innerText()).toMatch(/Please answer by .+ \(IST\)\. No answer by then counts as a decline\./);
      await inspect(s, "ceiling-ask", variant, { part: section });
      await section.getByRole("button", { name: "Accept ₹32,500" }).click();
      await expect.poll(() => toast(s)).toBe(`Thank you: you accepted the final price for order ${number}.`);
      await expect.poll(() => ceilingSection(s, "Your price limit").innerText()).toContain("You accepted the final price of ₹32,500.");

      // The balance was asked for with the yes: the shopper's link is there to pay.
      const { pay } = await balanceLink(s, number, "₹32,000");
      await pay.click();
      await arrive(s, /\/sandbox\/link\/plink_/, "Razorpay sandbox");
      await openOrder(a, number);
      expect(await ceilingSection(a, "Customer's limit").innerText()).toContain("The customer accepted the final price above their limit.");
    } finally {
      await close();
    }
  }, 240_000);
});
