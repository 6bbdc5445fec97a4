import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { photoMessages } from "../../app/catalog/photos";
import { claimMessages as en } from "../../app/i18n/claims.messages";
import { claimMessages as te } from "../../app/i18n/te/claims.messages";
import { jpegOfSize } from "../setup/images";
import { newAccount, signIn, toast, useBrowser, variantName, type Variant } from "./browser";
import { ADMIN } from "./http";
import { inspect } from "./inspect";
import { useLocalDb } from "./local-db";

/**
 * Every upload form with what phones and people really send: photos of 0 B, 1.99, 2.01, 12, 30 and 40 MB (a small
 * JPEG padded to size, made here), a text file named .jpg and a PDF; without JavaScript (the photo goes whole, up
 * to 15 MB) and with it (a photo is made smaller in the browser first). Nothing answers 5xx or raw JSON; a refusal
 * is beside the file field in the page's language with everything typed kept.
 */

const open = useBrowser();
const sql = useLocalDb();

const MB = 1024 * 1024;
type Outcome = "accepted" | "empty" | "tooLarge" | "notPhoto";
type Sample = { label: string; name: string; bytes: () => Buffer; outcome: (js: boolean) => Outcome };

const photo = (label: string, size: number, outcome: (js: boolean) => Outcome): Sample => ({
  label,
  name: `IMG_${label.replace(/\W/g, "")}.jpg`,
  // Other bytes each time: a product refuses the same photo twice.
  bytes: () => Buffer.from(jpegOfSize(Math.round(size), `${label} ${Math.random()}`)),
  outcome,
});

const SAMPLES: Sample[] = [
  { label: "0 B", name: "IMG_0000.jpg", bytes: () => Buffer.alloc(0), outcome: () => "empty" },
  photo("1.99 MB", 1.99 * MB, () => "accepted"),
  photo("2.01 MB", 2.01 * MB, () => "accepted"),
  photo("12 MB", 12 * MB, () => "accepted"),
  // Without JavaScript above the photo limit (30 MB: the claim's files together still fit its form); with it, sent smaller.
  photo("30 MB", 30 * MB, (js) => (js ? "accepted" : "tooLarge")),
  // Above every form's cap: the guard stops reading and the page answers.
  photo("40 MB", 40 * MB, (js) => (js ? "accepted" : "tooLarge")),
  {
    label: "text named .jpg",
    name: "notes.jpg",
    bytes: () => Buffer.from("Buy ice, 2 kg of Pulasa, lemons."),
    outcome: () => "notPhoto",
  },
  {
    label: "PDF",
    name: "receipt.pdf",
    bytes: () => Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
    outcome: () => "notPhoto",
  },
];

const VARIANTS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

/**
 * The answers to the pages and forms (documents, and with JavaScript their data requests): none may be a 5xx. The
 * photos a page then loads are left out: this test's own hold on the database (SQL beside the store) can make one
 * of them wait past its turn.
 */
function watchAnswers(page: Page) {
  const failures: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 500 && ["document", "fetch", "xhr"].includes(r.request().resourceType()))
      failures.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return failures;
}

/** The texts a field points at with aria-describedby (its hint and its error). */
const describedText = (input: Locator) =>
  input.evaluate((el) =>
    (el.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" | "),
  );

/** The page is a page: not raw JSON, not an error page. */
async function expectAPage(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/^\s*\{"success"/);
  expect(text).not.toContain("Unexpected Application Error");
}

/**
 * Chooses the sample in `input` as a person does, from a file on disk (a 40 MB buffer sent over the browser's
 * protocol takes longer than a test waits), and with JavaScript waits until the picker has prepared it.
 */
async function choose(page: Page, input: Locator, sample: Sample, js: boolean) {
  // The browser reads the file when the form is sent: it stays until the next one is chosen.
  if (files.last) await rm(files.last, { recursive: true, force: true });
  files.last = await mkdtemp(path.join(files.dir, "sample-"));
  const file = path.join(files.last, sample.name);
  await writeFile(file, sample.bytes());
  await input.setInputFiles(file);
  if (js) await expect.poll(() => page.getByRole("list", { name: /Chosen|ఎంచుకున్న/ }).count()).toBe(1);
}

const files = { dir: "", last: "" };
beforeAll(async () => {
  files.dir = await mkdtemp(path.join(tmpdir(), "uploads-e2e-"));
});
afterAll(async () => {
  await rm(files.dir, { recursive: true, force: true });
});

describe.each(VARIANTS)("uploads on the admin's forms ($javaScript, $viewport)", (variant) => {
  const js = variant.javaScript;
  const label = variantName(variant);

  it(`a new product with each file (${label})`, async () => {
    const admin = await open(variant);
    const page = admin.page;
    const failures = watchAnswers(page);
    await signIn(page, ADMIN);
    const messages = { empty: photoMessages.empty, tooLarge: photoMessages.tooLarge, notPhoto: photoMessages.notImage };
    for (const sample of SAMPLES) {
      const slug = `upload-${js ? "js" : "nojs"}-${sample.label.replace(/\W/g, "")}-${Date.now()}`.toLowerCase().replace(/-+/g, "-");
      await page.goto("/admin-dashboard/products/new");
      const fill = async (field: string, value: string) => page.getByLabel(field, { exact: true }).fill(value);
      await fill("Name", `Roe pickle ${sample.label}`);
      await fill("Web address", slug);
      await fill("Description", "Roe of the season's Pulasa, pickled in sesame oil.");
      await fill("Category", "Pickle");
      await fill("Price in rupees", "1,200");
      await page.getByLabel("Picture until a photo is added").selectOption({ label: "Pulasa curry in a clay pot" });
      await fill("Describe the photo (alt text)", "A jar of roe pickle");
      const input = page.getByLabel("Photo", { exact: true });
      await choose(page, input, sample, js);
      if (sample.label === "12 MB" && js) await inspect(page, "product-new-photo", variant, { part: page.locator("main form") });
      await page.getByRole("button", { name: "Add product" }).click();
      const outcome = sample.outcome(js);
      if (outcome === "accepted") {
        await page.waitForURL(/\/admin-dashboard\/products\/\d+$/);
        expect(await toast(page)).toBe(`Roe pickle ${sample.label} was added to the shop.`);
        const [stored] = await sql("SELECT p.id, ph.bytes FROM products p JOIN product_photos ph ON ph.product_id = p.id WHERE p.slug = ?", slug);
        // Without JavaScript the photo is kept as sent; with it, it was made smaller first.
        if (js) expect(Number(stored.bytes)).toBeLessThan(MB);
        else expect(Number(stored.bytes)).toBe(Math.round(Number.parseFloat(sample.label) * MB));
        // Out of the shop again, as the admin hides a product (the cached pages follow).
        expect((await page.request.post("/admin-dashboard/products", { form: { intent: "hide", id: String(stored.id) } })).status()).toBeLessThan(400);
      } else {
        await expect.poll(() => describedText(page.getByLabel("Photo", { exact: true }))).toContain(messages[outcome]);
        expect(page.url()).toMatch(/\/admin-dashboard\/products\/new$/);
        await expectAPage(page);
        expect(await page.getByLabel("Name", { exact: true }).inputValue()).toBe(`Roe pickle ${sample.label}`);
        expect(await page.getByLabel("Web address").inputValue()).toBe(slug);
        expect(await page.getByLabel("Describe the photo (alt text)").inputValue()).toBe("A jar of roe pickle");
        expect(await page.getByLabel("Picture until a photo is added").inputValue()).toBe("pulasa-curry");
        expect(await sql("SELECT id FROM products WHERE slug = ?", slug)).toEqual([]);
        if (sample.label === "text named .jpg") await inspect(page, "product-new-refused", variant, { part: page.locator("main form") });
      }
    }
    expect(failures).toEqual([]);
    await admin.close();
  }, 300_000);

  it(`a photo added to a saved product with each file (${label})`, async () => {
    const [{ id }] = await sql(
      `INSERT INTO products (slug, name, description, price_paise, image, category, unit, min_qty, max_qty, sort_order, hidden)
       VALUES (?, 'Photo test fish', 'A hidden fish for photo uploads.', 2500000, 'fresh-pulasa', 'Fresh Fish', 'kg', 1, 5, 99, 1) RETURNING id`,
      `photo-test-${js ? "js" : "nojs"}-${Date.now()}`,
    );
    const admin = await open(variant);
    const page = admin.page;
    const failures = watchAnswers(page);
    await signIn(page, ADMIN);
    const messages = { empty: photoMessages.empty, tooLarge: photoMessages.tooLarge, notPhoto: photoMessages.notImage };
    for (const sample of SAMPLES) {
      await page.goto(`/admin-dashboard/products/${id}`);
      const photos = page.getByRole("region", { name: "Photos" });
      await photos.getByLabel("Describe the photo (alt text)").fill(`Whole Pulasa, ${sample.label}`);
      await choose(page, photos.getByLabel("Photo", { exact: true }), sample, js);
      await photos.getByRole("button", { name: "Upload photo" }).click();
      const outcome = sample.outcome(js);
      if (outcome === "accepted") {
        await expect.poll(() => toast(page)).toBe("Photo added.");
        await photos.getByRole("img", { name: `Whole Pulasa, ${sample.label}` }).waitFor();
        // The form starts empty again.
        expect(await photos.getByLabel("Describe the photo (alt text)").inputValue()).toBe("");
        const [stored] = await sql("SELECT bytes FROM product_photos WHERE product_id = ? AND alt = ?", id, `Whole Pulasa, ${sample.label}`);
        if (js) expect(Number(stored.bytes)).toBeLessThan(MB);
        else expect(Number(stored.bytes)).toBe(Math.round(Number.parseFloat(sample.label) * MB));
        // Deleted again: made smaller in the browser, these photos are the same picture, which a product holds once.
        await photos.getByRole("button", { name: `Delete: Whole Pulasa, ${sample.label}` }).click();
        await expect.poll(() => toast(page)).toBe("Photo deleted.");
      } else {
        await expect.poll(() => describedText(photos.getByLabel("Photo", { exact: true }))).toContain(messages[outcome]);
        await expectAPage(page);
        expect(await photos.getByLabel("Describe the photo (alt text)").inputValue()).toBe(`Whole Pulasa, ${sample.label}`);
      }
    }
    expect(await sql("SELECT alt FROM product_photos WHERE product_id = ?", id)).toEqual([]);
    expect(failures).toEqual([]);
    await admin.close();
  }, 300_000);

  it(`an auction with each photo (${label})`, async () => {
    const admin = await open(variant);
    const page = admin.page;
    const failures = watchAnswers(page);
    await signIn(page, ADMIN);
    const messages = { empty: photoMessages.empty, tooLarge: photoMessages.tooLarge, notPhoto: "Upload a JPEG, PNG or WebP photo" };
    const end = new Date(Date.now() + 5.5 * 3_600_000 + 3_600_000).toISOString().slice(0, 16);
    for (const sample of SAMPLES) {
      const title = `Upload test ${sample.label} ${js ? "js" : "nojs"} ${Date.now() % 100_000}`;
      await page.goto("/admin-dashboard/auctions");
      await page.locator("[name=title]").fill(title);
      await page.locator("[name=description]").fill("A Pulasa caught this morning at Dowleswaram.");
      await page.getByLabel("Starting price (₹)").fill("1500");
      await page.getByLabel("End (IST)").fill(end);
      await choose(page, page.getByLabel("Or upload a photo"), sample, js);
      await page.getByRole("button", { name: "Create Auction" }).click();
      const outcome = sample.outcome(js);
      if (outcome === "accepted") {
        await expect.poll(() => toast(page)).toBe("Auction created successfully!");
        const [auction] = await sql("SELECT id, product_image AS image FROM auctions WHERE title = ?", title);
        expect(String(auction.image)).toMatch(/^\/api\/auction\/images\/[0-9a-f-]{36}\.(jpg|webp)$/);
        const image = await page.request.get(String(auction.image));
        expect(image.status()).toBe(200);
        // With JavaScript what bidders load was made smaller in the browser. (Without it the server makes it smaller
        // with the Images binding where that answers; the workers tests check that.)
        if (js) expect((await image.body()).length).toBeLessThan(MB);
        expect(
          (await page.request.post("/admin-dashboard/auctions", { form: { intent: "cancel", id: String(auction.id), reason: "Upload test" } })).status(),
        ).toBeLessThan(400);
      } else {
        await expect.poll(() => describedText(page.getByLabel("Or upload a photo"))).toContain(messages[outcome]);
        await expectAPage(page);
        expect(await page.locator("[name=title]").inputValue()).toBe(title);
        expect(await page.getByLabel("Starting price (₹)").inputValue()).toBe("1500");
        expect(await page.getByLabel("End (IST)").inputValue()).toBe(end);
        expect(await sql("SELECT id FROM auctions WHERE title = ?", title)).toEqual([]);
      }
    }
    expect(failures).toEqual([]);
    await admin.close();
  }, 300_000);
});

/** A delivered order of `email`'s, its 2 hours to report a problem just begun, as the admin's last step leaves it. */
async function deliveredOrder(email: string): Promise<string> {
  const number = `PUL-2611-${Array.from({ length: 4 }, () => "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"[Math.floor(Math.random() * 32)]).join("")}`;
  await sql(
    `INSERT INTO orders (number, user_id, status, payment_state, estimated_total_paise, advance_paise, first_name, last_name, phone, address, city, state, zip, paid_at)
     SELECT ?, id, 'order_delivered', 'balance_paid', 2500000, 50000, 'Asha', 'Rani Devi', '+919876543210', '12-4 Main Road', 'Rajahmundry', 'Andhra Pradesh', '533101', ? FROM users WHERE email = ?`,
    number,
    Date.now(),
    email,
  );
  await sql(
    "INSERT INTO order_items (order_id, product_id, name, image, price_paise, quantity) SELECT o.id, p.id, p.name, p.image, p.price_paise, 1 FROM orders o, products p WHERE o.number = ? AND p.slug = 'fresh-fish'",
    number,
  );
  await sql(
    "INSERT INTO order_events (order_id, kind, from_value, to_value, created_at) SELECT id, 'status', 'order_shipped', 'order_delivered', ? FROM orders WHERE number = ?",
    Date.now(),
    number,
  );
  return number;
}

describe.each(VARIANTS)("the claim form's photos in English and Telugu ($javaScript, $viewport)", (variant) => {
  const js = variant.javaScript;
  it.each([
    ["English", "", en],
    ["Telugu", "/te", te],
  ] as const)(
    `%s (${variantName(variant)})`,
    async (_lang, prefix, m) => {
      const customer = await newAccount(`uploads.claims.${js ? "js" : "nojs"}${prefix.replace("/", ".")}`, { name: "Asha Rani Devi" });
      const shopper = await open(variant);
      const page = shopper.page;
      const failures = watchAnswers(page);
      await signIn(page, customer);
      const description = prefix ? "పెట్టె తెరిచి ఉంది, చేప తల దగ్గర నలిగిపోయింది." : "The box came open and the fish was crushed at the head.";
      const fileProblem = (name: string, problem: string) => m.errors.file.replace("{name}", name).replace("{problem}", problem);
      let number = await deliveredOrder(customer.email);
      for (const sample of SAMPLES) {
        await page.goto(`${prefix}/orders/${number}/claim`);
        await page.getByRole("radio", { name: m.kinds.transit_damage }).check();
        await page.getByLabel(m.page.description).fill(description);
        await choose(page, page.getByLabel(m.page.files), sample, js);
        await page.getByRole("button", { name: m.page.submit }).click();
        const outcome = sample.outcome(js);
        if (outcome === "accepted") {
          await page.waitForURL((url) => url.pathname === `${prefix}/orders/${number}`);
          await expect.poll(() => toast(page)).toBe(m.received.replace("{number}", number));
          const [file] = await sql(
            "SELECT e.bytes FROM claim_evidence e JOIN claims c ON c.id = e.claim_id JOIN orders o ON o.id = c.order_id WHERE o.number = ?",
            number,
          );
          if (js) expect(Number(file.bytes)).toBeLessThan(MB);
          else expect(Number(file.bytes)).toBe(Math.round(Number.parseFloat(sample.label) * MB));
          // One report is open per order: the next file goes to another delivered order.
          number = await deliveredOrder(customer.email);
        } else {
          const expected = {
            empty: fileProblem(sample.name, m.errors.empty),
            notPhoto: fileProblem(sample.name, m.errors.notAccepted),
            // 30 MB fits the form (the files together may be 30 MB) and is refused as a photo; 40 MB is refused by the form's cap.
            tooLarge: sample.label === "30 MB" ? fileProblem(sample.name, m.errors.photoTooLarge) : m.errors.tooLarge,
          }[outcome];
          await expect.poll(() => describedText(page.getByLabel(m.page.files))).toContain(expected);
          expect(new URL(page.url()).pathname).toBe(`${prefix}/orders/${number}/claim`);
          await expectAPage(page);
          expect(await page.getByLabel(m.page.description).inputValue()).toBe(description);
          expect(await page.getByRole("radio", { name: m.kinds.transit_damage }).isChecked()).toBe(true);
          expect(await sql("SELECT c.id FROM claims c JOIN orders o ON o.id = c.order_id WHERE o.number = ?", number)).toEqual([]);
        }
      }
      expect(failures).toEqual([]);
      await shopper.close();
    },
    300_000,
  );
});

describe.each(VARIANTS)("a form too large on a page that takes no files ($javaScript, $viewport)", (variant) => {
  it.each([
    ["English", "", "That was too much to send", "Back to the page"],
    ["Telugu", "/te", "పంపినది చాలా పెద్దదిగా ఉంది", "పేజీకి వెనక్కి"],
  ])(`%s: sign-in with 4 MB typed answers its 413 page in its language, never JSON (${variantName(variant)})`, async (_lang, prefix, heading, back) => {
    const { page, close } = await open(variant);
    const failures = watchAnswers(page);
    await page.goto(`${prefix}/login`);
    await page.locator("input[name=email]").fill("asha@example.in");
    await page.locator("input[name=password]").fill("river-monsoon-2026");
    // Four megabytes more in the form, as a script or a bad paste could add: more than a sign-in page takes.
    await page.locator("input[name=password]").evaluate((password: HTMLInputElement) => {
      const extra = document.createElement("input");
      extra.type = "hidden";
      extra.name = "note";
      extra.value = "x".repeat(4 * 1024 * 1024);
      password.form!.appendChild(extra);
    });
    await page.locator("input[name=password]").press("Enter");
    await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
    await expectAPage(page);
    expect(failures).toEqual([]);
    await page.getByRole("link", { name: back }).click();
    await page.waitForURL((url) => url.pathname === `${prefix}/login`);
    await close();
  });
});
