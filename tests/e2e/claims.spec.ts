import type { Page } from "playwright-core";
import { useShopperAndAdmin } from "./money-steps";
import { describe, expect, it } from "vitest";
import { addScalePhotos, baseUrl, moveStatus, newAccount, toast, useBrowser, variantName, type Variant } from "./browser";
import { inspect } from "./inspect";
import { arrive, checkoutOneFish, payInSandbox } from "./shop";

/**
 * A problem after delivery, end to end: the admin delivers an order, the customer reports transit damage
 * with a photo and a video within the 2 hours, the admin sees the evidence and approves a refund, and the
 * refund shows on the customer's order page. The files are the customer's and the admins' only.
 */

const open = useBrowser();

const RUNS: Variant[] = [
  { javaScript: false, viewport: "phone" },
  { javaScript: true, viewport: "desktop" },
];

/** The admin delivers the order: weighed (₹25,000), the balance in cash on delivery, then each status in turn. */
async function deliver(page: Page, number: string) {
  await page.goto(`/admin-dashboard/orders/${number}`);
  await page.getByRole("heading", { name: number, level: 1 }).waitFor();
  await page.getByLabel("Weight (grams)").fill("1000");
  await addScalePhotos(page);
  await page.getByRole("button", { name: "Save weights" }).click();
  await expect.poll(() => toast(page)).toBe("Weights saved. Final price ₹25,000; balance ₹24,500.");
  const cod = page.locator("details").filter({ has: page.locator("summary", { hasText: "Paid on delivery" }) });
  await cod.locator("summary").click();
  await cod.getByRole("button", { name: "Yes, go ahead" }).click();
  await expect.poll(() => toast(page)).toBe("The balance will be collected in cash on delivery.");
  for (const label of ["Confirmed", "Packed", "Shipped", "Delivered"]) {
    await moveStatus(page, label);
    await expect.poll(() => toast(page)).toMatch(new RegExp(`^Order status updated to ${label}!`));
  }
}

/** Every image in `scope` has loaded its bytes, and every video its metadata (both were served, and are what they claim). */
async function mediaLoaded(page: Page, scope: string) {
  // Photos load as they near the screen: bring the section there, as a reader scrolling to it would.
  await page.locator(scope).scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      page.locator(scope).evaluate((root) => ({
        images: [...root.querySelectorAll("img")].map((i) => i.complete && i.naturalWidth > 0),
        videos: [...root.querySelectorAll("video")].map((v) => v.readyState >= 1),
      })),
    )
    .toEqual({ images: [true], videos: [true] });
}

describe.each(RUNS)("claims ($javaScript, $viewport)", (variant) => {
  const label = variantName(variant);
  // One shopper and one admin session for the flows: each flow is its own order.
  const sessions = useShopperAndAdmin(open, variant, "claims");

  it(`delivered → a photo and a video of the damage → approved → refunded on the order page (${label})`, async () => {
    const s = sessions.shopper.page;
    const a = sessions.admin.page;
    const number = await checkoutOneFish(s);
    await payInSandbox(s, number);
    // Nothing to report before delivery.
    expect(await s.getByRole("link", { name: "Report a problem" }).count()).toBe(0);

    await deliver(a, number);

    await s.goto(`/orders/${number}`);
    const problems = s.getByRole("region", { name: "Problems reported" });
    expect(await problems.innerText()).toMatch(/Report it by \d/);
    await problems.getByRole("link", { name: "Report a problem" }).click();
    await arrive(s, new RegExp(`/orders/${number}/claim$`), "Report a problem");
    // Refused first (a description too short, no file), then sent as it should be.
    await s.getByRole("radio", { name: "Transit damage" }).check();
    await s.getByLabel("Describe the problem").fill("Crushed");
    await s.getByRole("button", { name: "Send report" }).click();
    await expect.poll(() => s.getByText("Describe the problem in 10 to 1,000 characters").count()).toBe(1);
    expect(await s.getByText("Add at least one photo or video of the problem").count()).toBe(1);
    await s.getByRole("radio", { name: "Transit damage" }).check();
    await s.getByLabel("Describe the problem").fill("The box came open and the fish was crushed at the head.");
    await s.getByLabel("Photos or videos").setInputFiles(["public/media/icon-192.png", "public/media/hero.webm"]);
    await inspect(s, "claim-form", variant, { part: s.getByRole("main") });
    await s.getByRole("button", { name: "Send report" }).click();
    await s.waitForURL((url) => url.pathname === `/orders/${number}`);
    await expect.poll(() => toast(s)).toBe(`Thank you. We received your report on order ${number} and will reply within 24 hours.`);
    expect(await problems.innerText()).toContain("We are looking into it and will reply within 24 hours.");
    expect(await problems.getByRole("link", { name: "Report a problem" }).count()).toBe(0);
    await mediaLoaded(s, "section[aria-labelledby=claims-heading]");
    await inspect(s, "order-claim-open", variant, { part: problems });

    // The files are the customer's and the admins' only; a video is served in ranges (players seek).
    const photo = await problems.locator("img").getAttribute("src");
    expect((await fetch(`${baseUrl()}${photo}`)).status).toBe(404);
    const video = await problems.locator("video source").getAttribute("src");
    const cookie = (await sessions.shopper.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const part = await fetch(`${baseUrl()}${video}`, { headers: { Cookie: cookie, Range: "bytes=0-99" } });
    expect([part.status, part.headers.get("Content-Range"), part.headers.get("Cache-Control")]).toEqual([206, "bytes 0-99/302644", "private, no-store"]);
    expect((await part.arrayBuffer()).byteLength).toBe(100);

    // The admin: the count on the dashboard, the list, the claim with its evidence.
    await a.goto("/admin-dashboard");
    await a.getByRole("link", { name: /^Claims \(\d+\)$/ }).click();
    await arrive(a, /\/admin-dashboard\/claims$/, "Claims");
    await a
      .getByRole("region", { name: /^Open claims/ })
      .getByRole("link", { name: number })
      .click();
    await a.waitForURL(/\/admin-dashboard\/claims\/\d+$/);
    await a.getByRole("heading", { level: 1, name: new RegExp(`on ${number}$`) }).waitFor();
    await mediaLoaded(a, "section[aria-labelledby=evidence-heading]");
    expect(await a.getByRole("main").innerText()).toMatch(/Left to refund\s+₹500/);
    await inspect(a, "admin-claim", variant, { part: a.getByRole("main") });

    const approve = a.locator("details").filter({ has: a.locator("summary", { hasText: "Approve with a refund" }) });
    await approve.locator("summary").click();
    await approve.getByLabel("Refund amount (₹)").fill("600");
    await approve.getByRole("button", { name: "Approve and refund" }).click();
    await expect.poll(() => approve.getByText("At most ₹500 can be refunded for this order.").count()).toBe(1);
    await approve.getByLabel("Refund amount (₹)").fill("300");
    await approve.getByRole("button", { name: "Approve and refund" }).click();
    await expect.poll(() => toast(a)).toBe("Claim approved: ₹300 refunded.");
    expect(await a.getByRole("region", { name: "Decision" }).innerText()).toContain("Refund: ₹300");

    // The customer's order page: the refund and the claim's outcome.
    await s.goto(`/orders/${number}`);
    expect(await s.getByRole("article").innerText()).toMatch(/Refunded ₹300 on \d/);
    expect(await problems.innerText()).toContain("Approved: ₹300 refunded to your original payment method.");
    await inspect(s, "order-claim-approved", variant, { part: s.getByRole("main") });
  }, 240_000);
});

describe("claims under malformed input", () => {
  it("answers no 5xx, signed out or in", async () => {
    const who = await newAccount("shopper.claims-fuzz", { name: "Asha Rani Devi" });
    const login = await fetch(`${baseUrl()}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl() },
      body: new URLSearchParams(who),
    });
    expect(login.headers.get("Location")).toBe("/");
    const session = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const number = "PUL-2611-AAAA";
    const gets = [
      `/orders/${number}/claim`,
      "/orders/%E0%A4%A/claim",
      `/orders/${number}/evidence/..%2F..%2Fsecret`,
      `/orders/${number}/evidence/${"a".repeat(64)}.png`,
      "/admin-dashboard/claims/abc",
      "/admin-dashboard/claims/99999999999999",
    ];
    const multipart = (parts: string) => ["multipart/form-data; boundary=zzz", `${parts}--zzz--\r\n`] as const;
    const bodies: (readonly [string, string])[] = [
      ["application/x-www-form-urlencoded", "kind=%00&description=%E0%A4%A&files=not-a-file"],
      multipart('--zzz\r\nContent-Disposition: form-data; name="files"\r\n\r\njust text\r\n'),
      multipart('--zzz\r\nContent-Disposition: form-data; name="kind"\r\n\r\ntransit_damage\r\n'),
      ["multipart/form-data; boundary=zzz", "--zzz\r\nbroken"],
    ];
    const failures: string[] = [];
    for (const cookie of ["", session]) {
      for (const path of gets) {
        const res = await fetch(`${baseUrl()}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
        if (res.status >= 500) failures.push(`${res.status} GET ${path}`);
      }
      for (const [type, body] of bodies) {
        for (const path of [`/orders/${number}/claim`, "/admin-dashboard/claims/1"]) {
          const res = await fetch(`${baseUrl()}${path}`, {
            method: "POST",
            redirect: "manual",
            headers: { Cookie: cookie, Origin: baseUrl(), "Content-Type": type },
            body,
          });
          if (res.status >= 500) failures.push(`${res.status} POST ${path} ${body.slice(0, 40)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
