import { describe, expect, it } from "vitest";
import { newAccount, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import { ORDER_NUMBER, arrive, payInSandbox, SANDBOX_PAGE, submitCheckout, VALID_SHIPPING } from "./shop";

const open = useBrowser();
const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };
const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

describe.each(VARIANTS)("running the shop ($javaScript, $viewport)", (variant) => {
  // Each run adds its own product, so the two runs never meet. On a busy machine a run can outlast the suite's
  // minute: three browsers, a purchase, and an upload that waits while its AVIF and WebP copies are encoded (sharp).
  const name = variant.javaScript ? "Spiced Pulasa Roe" : "Pulasa Roe Pickle";
  const slug = name.toLowerCase().replace(/ /g, "-");

  it(`the admin adds a product with a photo and its catch, visitors see it at once, a shopper buys it for a slot, the packing list shows it (${variantName(variant)})`, async () => {
    const visitor = await open(variant);
    // A cached copy of the catalogue exists before the change.
    await visitor.page.goto("/products");
    const warm = await visitor.page.goto("/products");
    expect(warm?.headers()["x-cache"]).toBe("HIT");
    expect(await visitor.page.getByRole("main").innerText()).not.toContain(name);

    const admin = await open(variant);
    await signIn(admin.page, ADMIN);
    await admin.page.goto("/admin-dashboard/products");
    await inspect(admin.page, "admin-products", variant);
    await admin.page.getByRole("link", { name: "New product" }).click();
    await admin.page.waitForURL("**/admin-dashboard/products/new");
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await admin.page.getByLabel(label, { exact: true }).fill(value);
    };
    await fill({
      Name: name,
      "Web address": slug,
      Description: "Roe of the season's Pulasa, pickled in sesame oil with Guntur chillies.",
      Category: "Pickle",
      "Price in rupees": "1,199.50",
      "Minimum per order": "1",
      "Maximum per order": "3",
    });
    await admin.page.getByLabel("Sold").selectOption("pack");
    await admin.page.getByRole("button", { name: "Add product" }).click();
    // Refused on the server, with the reason beside the field; nothing was created.
    await expect.poll(() => admin.page.getByText("Enter a price in whole rupees between ₹1 and ₹10,00,000", { exact: true }).count()).toBe(1);
    await fill({ "Price in rupees": "1,200" });
    await admin.page.getByRole("button", { name: "Add product" }).click();
    await admin.page.waitForURL(/\/admin-dashboard\/products\/\d+$/);
    await expect.poll(() => toast(admin.page)).toBe(`${name} was added to the shop.`);
    // Its catch for each coming date (a week of inputs) on the catch screen; a figure out of range is refused beside its input.
    const productPage = admin.page.url();
    const inputs = admin.page.locator(`input[name^="catch.${/\/(\d+)$/.exec(productPage)![1]}."]`);
    await admin.page.locator("main").getByRole("link", { name: "Catch and slots" }).click();
    await admin.page.waitForURL("**/admin-dashboard/catch");
    // With JavaScript the address changes before the new page is drawn: wait for its fields.
    await expect.poll(() => inputs.count()).toBe(7);
    for (let i = 0; i < 7; i++) await inputs.nth(i).fill(i === 2 ? "20000" : "6");
    await admin.page.getByRole("button", { name: "Save catch and slots" }).first().click();
    await expect.poll(() => admin.page.getByText("Enter a whole number from 0 to 10000").count()).toBe(1);
    await inputs.nth(2).fill("6");
    await admin.page.getByRole("button", { name: "Save catch and slots" }).first().click();
    await expect.poll(() => toast(admin.page)).toBe("Saved: the catch and the delivery slots. The shop shows them now.");
    await admin.page.goto(productPage);
    // A photo, checked by its bytes: an SVG is refused, a JPEG is stored with its alt text and size.
    const photos = () => admin.page.getByRole("region", { name: "Photos" });
    await photos().getByLabel("Photo", { exact: true }).setInputFiles("public/media/favicon.svg");
    await photos().getByLabel("Describe the photo (alt text)").fill("The logo");
    await photos().getByRole("button", { name: "Upload photo" }).click();
    await expect.poll(() => admin.page.getByText("Upload a JPEG, PNG, WebP or AVIF photo").count()).toBe(1);
    await photos().getByLabel("Photo", { exact: true }).setInputFiles("public/media/og-image.jpg");
    await photos().getByLabel("Describe the photo (alt text)").fill(`A jar of ${name}`);
    await photos().getByRole("button", { name: "Upload photo" }).click();
    await expect.poll(() => toast(admin.page)).toBe("Photo added.");
    expect(await admin.page.getByRole("img", { name: `A jar of ${name}` }).getAttribute("width")).toBe("1200");
    await inspect(admin.page, "admin-product", variant);
    await admin.page.goto("/admin-dashboard/catch");
    await inspect(admin.page, "admin-catch", variant);

    // The visitor's next look is rendered afresh: the new product, its card linking to its page.
    const fresh = await visitor.page.goto("/products");
    expect(fresh?.headers()["x-cache"]).toBe("MISS");
    const card = visitor.page.locator("main article", { hasText: name });
    expect(await card.innerText()).toMatch(/₹1,200[\s\S]*per pack[\s\S]*6 packs left for (today|tomorrow)/);
    await card.getByRole("link", { name, exact: true }).click();
    await arrive(visitor.page, new RegExp(`/products/${slug}$`), name);
    const page = await visitor.page.getByRole("main").innerText();
    expect(page).toContain("Pay the ₹500 token advance now to reserve your Pulasa.");
    expect(page).toContain("Pay ₹500 now and ₹700 more for 1 pack.");
    expect(page).toContain("From 1 pack to 3 packs per order, in whole packs.");
    expect(page).toContain("Up to 3 packs per order");
    expect(await visitor.page.locator("main s").textContent()).toBe("Was ₹1,440");
    // The struck price says what it is.
    expect(page).toContain("The crossed-out price is a reference 20% above ours; the fish itself is priced each day by the catch.");
    expect(await visitor.page.title()).toBe(`${name} – ₹1,200 per pack | Godavari Pulasa`);
    const photo = visitor.page.getByRole("img", { name: `A jar of ${name}` });
    expect(await photo.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(await photo.getAttribute("width")).toBe("1200");
    // Its copies, made when it was uploaded: the browser shows an AVIF one (the photo is 1200 px wide).
    const sources = visitor.page.locator("picture", { has: photo }).locator("source");
    expect(await sources.evaluateAll((list) => list.map((s) => s.getAttribute("type")))).toEqual(["image/avif", "image/webp"]);
    expect(await sources.first().getAttribute("srcset")).toMatch(
      /^\/photos\/[0-9a-f]{64}\.avif 480w, \/photos\/[0-9a-f]{64}\.avif 720w, \/photos\/[0-9a-f]{64}\.avif 960w$/,
    );
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => (img.complete && img.naturalWidth > 0 ? img.currentSrc : "")))
      .toMatch(/\/photos\/[0-9a-f]{64}\.avif$/);
    const ld = JSON.parse((await visitor.page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "Product", name, offers: { "@type": "Offer", price: "1200.00", priceCurrency: "INR" } });
    await inspect(visitor.page, "product-page", variant);

    // A shopper buys 2 packs for the earliest slot open, and pays the advance in the sandbox.
    const shopper = await open(variant);
    await signIn(shopper.page, await newAccount(`roe.${variant.javaScript ? "js" : "nojs"}`, { name: "Asha Rani Devi" }));
    await shopper.page.goto(`/products/${slug}`);
    await shopper.page.getByLabel("Quantity", { exact: true }).selectOption("2");
    await shopper.page.getByRole("button", { name: "Add to Cart" }).click();
    await expect.poll(() => toast(shopper.page)).toBe(`${name} added to cart`);
    await shopper.page.goto("/cart");
    expect(await shopper.page.getByRole("main").innerText()).toContain(
      "Crossed-out prices are a reference 20% above ours; fish is priced each day by the catch.",
    );
    await shopper.page.goto("/checkout");
    const summary = await shopper.page.getByRole("region", { name: "Order Summary" }).innerText();
    expect(summary).toContain("2 packs × ₹1,200 per pack");
    expect(summary).toMatch(/Shipping\s+Free/);
    const [date, slot] = (await shopper.page.locator("input[name=delivery]:not([disabled])").first().getAttribute("value"))!.split(".");
    await submitCheckout(shopper.page, VALID_SHIPPING);
    await arrive(shopper.page, SANDBOX_PAGE, "Razorpay sandbox");
    const number = ORDER_NUMBER.exec(await shopper.page.getByRole("main").innerText())![0];
    await payInSandbox(shopper.page, number);

    // The packing list of that date has it in its slot: who, where, what and what to collect; printed without the forms.
    await admin.page.goto(`/admin-dashboard/deliveries?date=${date}`);
    const order = admin.page.locator("li", { hasText: number });
    const packing = await order.innerText();
    expect(packing).toContain("Asha Rani Devi · +919876543210");
    expect(packing).toContain("12-4 Main Road, Innespeta, Rajahmundry, Andhra Pradesh 533101");
    expect(packing).toContain(`${name} × 2 packs`);
    expect(packing).toContain("Balance to collect: about ₹1,900 (not weighed yet)");
    expect(await admin.page.locator(`section[aria-labelledby="slot-${slot}"]`).getByText(number).count()).toBe(1);
    await inspect(admin.page, "deliveries", variant);
    await admin.page.emulateMedia({ media: "print" });
    expect(await admin.page.getByRole("button", { name: "Show" }).isVisible()).toBe(false);
    expect(await order.isVisible()).toBe(true);
    await admin.page.emulateMedia({ media: "screen" });
    const csv = await admin.page.request.get(`/admin-dashboard/deliveries.csv?from=${date}&to=${date}`);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect(await csv.text()).toContain(`"${number}","${date}","${slot === "morning" ? "Morning, 7:00 AM – 11:00 AM" : "Evening, 3:00 PM – 8:00 PM"}"`);

    // Hidden: gone from the list and its page, at once.
    await admin.page.goto("/admin-dashboard/products");
    await admin.page.getByRole("button", { name: `Hide ${name}` }).click();
    await expect.poll(() => toast(admin.page)).toBe(`${name} is hidden from the shop.`);
    await visitor.page.goto("/products");
    expect(await visitor.page.getByRole("main").innerText()).not.toContain(name);
    expect((await visitor.page.goto(`/products/${slug}`))?.status()).toBe(404);
    await Promise.all([admin.close(), visitor.close(), shopper.close()]);
  }, 120_000);
});
