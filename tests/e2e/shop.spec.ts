import { describe, expect, it } from "vitest";
import { expectNoAxeViolations, signIn, toast, useBrowser } from "./browser";

const open = useBrowser();
const ADMIN = { email: "admin@pulasa.local", password: "pulasa-admin-local" };

describe("running the shop (JS off, phone)", () => {
  it("the admin adds a product with its catch, visitors see it at once on cached pages, then it is hidden", async () => {
    const visitor = await open({ javaScript: false, viewport: "phone" });
    // A cached copy of the catalogue exists before the change.
    await visitor.page.goto("/products");
    const warm = await visitor.page.goto("/products");
    expect(warm?.headers()["x-cache"]).toBe("HIT");
    expect(await visitor.page.getByRole("main").innerText()).not.toContain("Pulasa Roe Pickle");

    const admin = await open({ javaScript: false, viewport: "phone" });
    await signIn(admin.page, ADMIN);
    await admin.page.goto("/admin-dashboard/products");
    await admin.page.getByRole("link", { name: "New product" }).click();
    await admin.page.waitForURL("**/admin-dashboard/products/new");
    const fill = async (values: Record<string, string>) => {
      for (const [label, value] of Object.entries(values)) await admin.page.getByLabel(label, { exact: true }).fill(value);
    };
    await fill({
      Name: "Pulasa Roe Pickle",
      "Web address": "pulasa-roe-pickle",
      Description: "Roe of the season's Pulasa, pickled in sesame oil with Guntur chillies.",
      Category: "Pickle",
      "Price in rupees": "abc",
      "Minimum per order": "1",
      "Maximum per order": "3",
    });
    await admin.page.getByLabel("Sold").selectOption("pack");
    await admin.page.getByRole("button", { name: "Add product" }).click();
    // Refused on the server, with the reason beside the field; nothing was created.
    await expect.poll(() => admin.page.getByText(/^Enter a price in rupees/).count()).toBe(1);
    await fill({ "Price in rupees": "1,200" });
    await admin.page.getByRole("button", { name: "Add product" }).click();
    await admin.page.waitForURL(/\/admin-dashboard\/products\/\d+$/);
    await expect.poll(() => toast(admin.page)).toBe("Pulasa Roe Pickle was added to the shop.");
    // Its catch for each coming date (a week of inputs); a figure out of range is refused beside its input.
    const inputs = admin.page.getByRole("region", { name: "Today's catch" }).getByRole("textbox");
    expect(await inputs.count()).toBe(7);
    for (let i = 0; i < 7; i++) await inputs.nth(i).fill(i === 2 ? "20000" : "6");
    await admin.page.getByRole("button", { name: "Save catch" }).click();
    await expect.poll(() => admin.page.getByText("Enter a whole number from 0 to 10000").count()).toBe(1);
    await inputs.nth(2).fill("6");
    await admin.page.getByRole("button", { name: "Save catch" }).click();
    await expect.poll(() => toast(admin.page)).toBe("The catch for Pulasa Roe Pickle was saved.");
    // A photo, checked by its bytes: an SVG is refused, a JPEG is stored with its alt text and size.
    const photos = admin.page.getByRole("region", { name: "Photos" });
    await photos.getByLabel("Photo", { exact: true }).setInputFiles("public/media/favicon.svg");
    await photos.getByLabel("Describe the photo (alt text)").fill("The logo");
    await photos.getByRole("button", { name: "Upload photo" }).click();
    await expect.poll(() => admin.page.getByText("Upload a JPEG, PNG, WebP or AVIF photo").count()).toBe(1);
    await admin.page.getByRole("region", { name: "Photos" }).getByLabel("Photo", { exact: true }).setInputFiles("public/media/og-image.jpg");
    await admin.page.getByRole("region", { name: "Photos" }).getByLabel("Describe the photo (alt text)").fill("A jar of Pulasa roe pickle");
    await admin.page.getByRole("region", { name: "Photos" }).getByRole("button", { name: "Upload photo" }).click();
    await expect.poll(() => toast(admin.page)).toBe("Photo added.");
    expect(await admin.page.getByRole("img", { name: "A jar of Pulasa roe pickle" }).getAttribute("width")).toBe("1200");
    await expectNoAxeViolations(admin.page);

    // The visitor's next look is rendered afresh: the new product, its card linking to its page.
    const fresh = await visitor.page.goto("/products");
    expect(fresh?.headers()["x-cache"]).toBe("MISS");
    const card = visitor.page.locator("main article", { hasText: "Pulasa Roe Pickle" });
    expect(await card.innerText()).toMatch(/₹1,200[\s\S]*per pack[\s\S]*6 packs left for (today|tomorrow)/);
    await card.getByRole("link", { name: "Pulasa Roe Pickle", exact: true }).click();
    await visitor.page.waitForURL("**/products/pulasa-roe-pickle");
    const page = await visitor.page.getByRole("main").innerText();
    expect(page).toContain("Pay the ₹500 token advance now to reserve your Pulasa.");
    expect(page).toContain("From 1 pack to 3 packs per order, in whole packs.");
    expect(await visitor.page.title()).toBe("Pulasa Roe Pickle – ₹1,200 per pack | Godavari Pulasa");
    const photo = visitor.page.getByRole("img", { name: "A jar of Pulasa roe pickle" });
    expect(await photo.getAttribute("src")).toMatch(/^\/photos\/[0-9a-f]{64}\.jpg$/);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200);
    const ld = JSON.parse((await visitor.page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "Product", name: "Pulasa Roe Pickle", offers: { "@type": "Offer", price: "1200.00", priceCurrency: "INR" } });
    await expectNoAxeViolations(visitor.page);

    // Hidden: gone from the list and its page, at once.
    await admin.page.goto("/admin-dashboard/products");
    await admin.page.getByRole("button", { name: "Hide Pulasa Roe Pickle" }).click();
    await expect.poll(() => toast(admin.page)).toBe("Pulasa Roe Pickle is hidden from the shop.");
    await visitor.page.goto("/products");
    expect(await visitor.page.getByRole("main").innerText()).not.toContain("Pulasa Roe Pickle");
    expect((await visitor.page.goto("/products/pulasa-roe-pickle"))?.status()).toBe(404);
    await admin.close();
    await visitor.close();
  });
});
