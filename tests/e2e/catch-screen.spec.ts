import { describe, expect, it } from "vitest";
import { formatDeliveryDate } from "../../app/delivery/slots";
import { DEV_ADMIN, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";

/** The seller's daily screen on a phone and a desktop, with JavaScript off and on: the whole catch saved in one press. */
const open = useBrowser();
const sql = useLocalDb();
const istDay = (n: number) => new Date(Date.now() + 5.5 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);
const tag = () => Math.random().toString(36).slice(2, 8);

const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

/**
 * A product of this run, hidden so no shop page of another test shows it (the catch screen lists hidden products
 * too, marked so): its id and name.
 */
async function hiddenProduct(unit: "kg" | "pack") {
  const name = `${unit === "kg" ? "River Pulasa" : "Pulasa Pickle"} ${tag()}`;
  const [row] = await sql(
    `INSERT INTO products (slug, name, description, price_paise, image, category, unit, hidden, sort_order)
     VALUES (?, ?, 'From the Godavari, for the catch screen.', 2500000, ?, 'Test', ?, 1, 999) RETURNING id`,
    name.toLowerCase().replace(/ /g, "-"),
    name,
    unit === "kg" ? "fresh-pulasa" : "pulasa-curry",
    unit,
  );
  return { id: Number(row.id), name };
}

/** A paid order holding `kg` of the product for `date` (not a date the checkout offers, so no other test meets it). */
async function heldOrder(productId: number, date: string, kg: number) {
  const number = `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, delivery_date, delivery_slot, stock_held, paid_at)
     SELECT ?, id, 'order_raised', 'advance_paid', 2500000, 50000, 'Lakshmi', 'Devi', '+919876543210', '4-2 Temple Street', 'Kovvur', 'Andhra Pradesh', '534350', ?, 'morning', 1, ? FROM users WHERE email = ?`,
    number,
    date,
    Date.now(),
    DEV_ADMIN.email,
  );
  await sql(
    "INSERT INTO order_items (order_id, product_id, name, image, price_paise, unit, quantity) SELECT o.id, ?, 'x', 'fresh-pulasa', 2500000, 'kg', ? FROM orders o WHERE o.number = ?",
    productId,
    kg,
    number,
  );
  return number;
}

const caught = async (productId: number, date: string) =>
  (await sql("SELECT quantity FROM catch_days WHERE product_id = ? AND delivery_date = ?", productId, date))[0]?.quantity ?? null;

describe.each(VARIANTS)("the catch screen ($javaScript, $viewport)", (variant) => {
  it(`the seller sets the catch and a slot in one press, and a catch below what is ordered is refused beside its field (${variantName(variant)})`, async () => {
    const fish = await hiddenProduct("kg");
    const curry = await hiddenProduct("pack");
    const { page, close } = await open(variant);
    // Signing in lands on the admin's work; the catch screen is one press from there.
    await signIn(page, DEV_ADMIN);
    await page.locator("main").getByRole("link", { name: "Catch and slots" }).click();
    await page.waitForURL("**/admin-dashboard/catch");
    await page.getByRole("heading", { name: "Catch and delivery slots", level: 1 }).waitFor();

    // Every product with its unit, as a big number field with a numeric keypad, for each date; today first.
    const today = page.getByRole("group", { name: `Today · ${formatDeliveryDate(istDay(0))}` });
    const fishToday = today.getByRole("textbox", { name: `${fish.name} hidden from the shop kg` });
    expect(await fishToday.getAttribute("inputmode")).toBe("numeric");
    expect((await fishToday.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    const field = (name: string) => page.locator(`input[name="${name}"]`);
    expect(await field(`catch.${curry.id}.${istDay(4)}`).getAttribute("aria-labelledby")).toBeTruthy();
    expect(
      await page
        .getByRole("group", { name: formatDeliveryDate(istDay(4)) })
        .getByRole("textbox", { name: `${curry.name} hidden from the shop packs` })
        .count(),
    ).toBe(1);
    expect(
      await page
        .getByRole("group", { name: formatDeliveryDate(istDay(6)) })
        .getByRole("textbox", { name: /^Evening, 3:00 PM – 8:00 PM orders$/ })
        .count(),
    ).toBe(1);
    // Every date has the button (nothing floats over the fields); each saves the whole screen.
    const saveIn = (n: number) =>
      page
        .getByRole("group", { name: n === 0 ? `Today · ${formatDeliveryDate(istDay(0))}` : formatDeliveryDate(istDay(n)) })
        .getByRole("button", { name: "Save catch and slots" });
    expect(await page.getByRole("button", { name: "Save catch and slots" }).count()).toBe(7);
    expect((await saveIn(0).boundingBox())!.height).toBeGreaterThanOrEqual(48);
    const save = saveIn(0);

    // One press saves the fish for today, the curry for a later date and a slot's capacity.
    await fishToday.fill("9");
    await field(`catch.${curry.id}.${istDay(4)}`).fill("3");
    await field(`cap.${istDay(6)}.evening`).fill("7");
    if (variant.javaScript) {
      // The press is held on its way, to see the button busy meanwhile.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname.startsWith("/admin-dashboard/catch"),
        async (route) => {
          if (route.request().method() === "POST") await held;
          await route.continue();
        },
      );
      await save.click();
      const busy = page.getByRole("button", { name: "Saving…" }).first();
      await busy.waitFor();
      expect(await busy.isDisabled()).toBe(true);
      release();
      await page.unroute((url) => url.pathname.startsWith("/admin-dashboard/catch"));
    } else {
      await save.click();
      await page.waitForURL("**/admin-dashboard/catch");
    }
    await expect.poll(() => toast(page)).toBe("Saved: the catch and the delivery slots. The shop shows them now.");
    expect([await caught(fish.id, istDay(0)), await caught(curry.id, istDay(4))]).toEqual([9, 3]);
    expect((await sql("SELECT capacity FROM delivery_slots WHERE delivery_date = ? AND slot = 'evening'", istDay(6)))[0].capacity).toBe(7);
    await expect.poll(() => fishToday.inputValue()).toBe("9");
    await inspect(page, "admin-catch-screen", variant);

    // 2 kg of the fish are ordered for a date: 1 kg is refused beside its field, naming the product and the date,
    // and nothing else typed in the same press is saved either; what was typed stays.
    const order = await heldOrder(fish.id, istDay(4), 2);
    await page.reload();
    await expect.poll(() => page.locator(`#field-catch-${fish.id}-${istDay(4)}-note`).innerText()).toBe("None ordered yet");
    await field(`catch.${fish.id}.${istDay(4)}`).fill("1");
    await field(`catch.${curry.id}.${istDay(4)}`).fill("5");
    await saveIn(4).click();
    const problem = `${fish.name}, ${formatDeliveryDate(istDay(4))}: 2 kg already ordered; the catch cannot be less`;
    await expect.poll(() => page.locator(`#field-catch-${fish.id}-${istDay(4)}-note`).innerText()).toBe(problem);
    expect(await page.getByRole("alert").innerText()).toBe("Nothing was saved. Fix the figures marked below and save again.");
    expect(await field(`catch.${fish.id}.${istDay(4)}`).getAttribute("aria-invalid")).toBe("true");
    expect([await field(`catch.${fish.id}.${istDay(4)}`).inputValue(), await field(`catch.${curry.id}.${istDay(4)}`).inputValue()]).toEqual(["1", "5"]);
    expect([await caught(fish.id, istDay(4)), await caught(curry.id, istDay(4))]).toEqual([null, 3]);
    // With JavaScript the refused field is focused, however far down the screen it is.
    if (variant.javaScript) await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe(`catch.${fish.id}.${istDay(4)}`);
    await inspect(page, "admin-catch-refused", variant);

    // Corrected, it saves.
    await field(`catch.${fish.id}.${istDay(4)}`).fill("2");
    await saveIn(4).click();
    // The refusal gives way to the confirmation (the database is read only once the store has answered: the
    // local SQLite file refuses a reader beside the store's write).
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    await expect.poll(() => toast(page)).toBe("Saved: the catch and the delivery slots. The shop shows them now.");
    expect([await caught(fish.id, istDay(4)), await caught(curry.id, istDay(4))]).toEqual([2, 5]);
    await sql("UPDATE orders SET stock_held = 0 WHERE number = ?", order);
    await close();
  }, 120_000);
});
