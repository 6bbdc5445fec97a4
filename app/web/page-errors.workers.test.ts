import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/messages";
import { te } from "~/i18n/te/messages";
import { accountMessages } from "~/i18n/account.messages";
import { accountMessages as teAccount } from "~/i18n/te/account.messages";
import { adminMessages, notificationMessages } from "~/i18n/admin.messages";
import { notificationMessages as teNotifications } from "~/i18n/te/admin.messages";
import { productPageMessages } from "~/i18n/product-page.messages";
import { ConflictError } from "~/lib/errors";
import { loader as myOrders } from "~/routes/orders._index";
import { loader as profile } from "~/routes/profile";
import { loader as dashboard } from "~/routes/admin-dashboard";
import { action as adminOrder } from "~/routes/admin-dashboard.orders.$number";
import { loader as productPage } from "~/routes/products_.$slug";
import { action as notifications } from "~/routes/notifications";
import { action as verifyOtp } from "~/routes/verify-otp";
import { loader as googleCallback } from "~/routes/auth.google.callback";
import { loadPage } from "./page-errors.server";
import { readFlash } from "./flash.server";
import { setUpAdminWorld } from "../../tests/setup/admin";
import { testDeps } from "../../tests/setup/deps";
import { loadContext } from "../../tests/setup/load-context";
import { callRoute, flashOf, sessionCookie } from "../../tests/setup/routes";

const w = setUpAdminWorld();
const GOOGLE = {
  GOOGLE_CLIENT_ID: "store.apps.googleusercontent.com",
  GOOGLE_CLIENT_SECRET: "secret",
  GOOGLE_CALLBACK_URL: "https://store.test/auth/google/callback",
};

/** Runs `work` while the table `name` is away, as a failing database would answer every query on it. */
async function withoutTable<T>(name: string, work: () => Promise<T>): Promise<T> {
  await env.DB.exec(`ALTER TABLE ${name} RENAME TO ${name}_away`);
  try {
    return await work();
  } finally {
    await env.DB.exec(`ALTER TABLE ${name}_away RENAME TO ${name}`);
  }
}

describe("a page whose data cannot be loaded", () => {
  it("passes redirects, the 404 and the shop's own refusals through, and turns anything else into the page's words", async () => {
    const redirect = new Response(null, { status: 302 });
    await expect(loadPage("x", () => Promise.reject(redirect))).rejects.toBe(redirect);
    const refusal = new ConflictError("no");
    await expect(loadPage("x", () => Promise.reject(refusal))).rejects.toBe(refusal);
    await expect(loadPage("Failed to load orders", () => Promise.reject(new Error("D1_ERROR: no such table")))).rejects.toMatchObject({
      data: { failed: "Failed to load orders" },
      init: { status: 500 },
    });
    expect(await loadPage("x", async () => 7)).toBe(7);
  });

  it("My Orders, the profile, the product and the dashboard say which page failed, in the page's language", async () => {
    const cookie = await sessionCookie(w.customer.id);
    await withoutTable("orders", async () => {
      const english = await callRoute(myOrders, "/orders", { cookie });
      expect(english).toMatchObject({ status: 500, body: { failed: en.shop.orders.loadFailed } });
      expect(en.shop.orders.loadFailed).toBe("Failed to load orders");
      expect(await callRoute(myOrders, "/te/orders", { cookie })).toMatchObject({ status: 500, body: { failed: te.shop.orders.loadFailed } });
      const admin = await callRoute(dashboard, "/admin-dashboard", { cookie: await sessionCookie(w.admin.id) });
      expect(admin).toMatchObject({ status: 500, body: { failed: "Failed to load admin dashboard" } });
      expect(adminMessages.loadFailed).toBe("Failed to load admin dashboard");
    });
    await withoutTable("saved_addresses", async () => {
      expect(await callRoute(profile, "/profile", { cookie })).toMatchObject({ status: 500, body: { failed: "Failed to load profile data" } });
      expect(await callRoute(profile, "/te/profile", { cookie })).toMatchObject({ status: 500, body: { failed: te.auth.profileFailed } });
    });
    await withoutTable("product_photos", async () => {
      const answer = await callRoute(productPage, "/products/pulasa", { params: { slug: "pulasa" } });
      expect(answer).toMatchObject({ status: 500, body: { failed: "Product details unavailable" } });
      expect(productPageMessages.unavailable).toBe("Product details unavailable");
    });
    // With the database back, the same pages load.
    expect((await callRoute(myOrders, "/orders", { cookie })).status).toBe(200);
  });
});

describe("a form whose work fails on our side", () => {
  it("the admin's status change says 'Failed to update order status' and changes nothing", async () => {
    const order = await w.paidOrder(w.customer.id);
    const before = await env.DB.prepare("SELECT status, version FROM orders WHERE id = ?").bind(order.id).first<{ status: string; version: number }>();
    const admin = await sessionCookie(w.admin.id);
    const failed = await withoutTable("order_events", () =>
      callRoute(adminOrder, `/admin-dashboard/orders/${order.number}`, {
        cookie: admin,
        params: { number: order.number },
        form: { intent: "status", version: String(before?.version), status: "order_confirmed" },
      }),
    );
    expect(failed).toMatchObject({ status: 500, body: { error: "Failed to update order status" } });
    expect(await env.DB.prepare("SELECT status, version FROM orders WHERE id = ?").bind(order.id).first()).toEqual(before);
  });

  it("verifying a code says 'An error occurred during verification'; resending one 'An error occurred while resending OTP'", async () => {
    await withoutTable("rate_limits", async () => {
      const verify = await callRoute(verifyOtp, "/verify-otp", { form: { email: "new@example.in", otp: "123456" } });
      expect(verify.status).toBe(500);
      expect(JSON.stringify(verify.body)).toContain("An error occurred during verification");
      const resend = await callRoute(verifyOtp, "/verify-otp", { form: { intent: "resend", email: "new@example.in" } });
      expect(resend.status).toBe(500);
      expect(JSON.stringify(resend.body)).toContain("An error occurred while resending OTP");
    });
  });

  it("marking a notice that is not yours as read says 'Failed to mark notification as read', in the page's language", async () => {
    const cookie = await sessionCookie(w.customer.id);
    const english = await callRoute(notifications, "/notifications", { cookie, form: { intent: "one", id: "999999" } });
    expect(english.location).toBe("/notifications");
    expect((await flashOf(english))?.text).toBe(notificationMessages.markFailed);
    expect(notificationMessages.markFailed).toBe("Failed to mark notification as read");
    const telugu = await callRoute(notifications, "/te/notifications", { cookie, form: { intent: "one", id: "999999" } });
    expect((await flashOf(telugu))?.text).toBe(teNotifications.markFailed);
  });
});

describe("signing in", () => {
  it("a browser whose session ended is told 'Authentication failed. Please login again.'; one that never signed in is asked to log in", async () => {
    const cookie = await sessionCookie(w.customer.id);
    await env.DB.prepare("DELETE FROM sessions WHERE user_id = ?").bind(w.customer.id).run();
    const ended = await callRoute(myOrders, "/orders", { cookie });
    expect(ended.location).toBe("/login?redirectTo=%2Forders");
    expect((await flashOf(ended))?.text).toBe(accountMessages.sessionEnded);
    expect(accountMessages.sessionEnded).toBe("Authentication failed. Please login again.");
    expect((await flashOf(await callRoute(myOrders, "/te/orders", { cookie })))?.text).toBe(teAccount.sessionEnded);
    expect((await flashOf(await callRoute(myOrders, "/orders")))?.text).toBe("Please login to view your orders");
  });

  it("cancelling at Google's page comes back as 'Google sign-in was cancelled. Please try again.'", async () => {
    const request = new Request("https://store.test/auth/google/callback?error=access_denied&state=x");
    const context = await loadContext(request, GOOGLE);
    const answer = (await googleCallback({ request, context, params: {} })) as Response;
    expect(answer.headers.get("Location")).toBe("/login");
    expect(
      await readFlash(new Request("https://store.test/", { headers: { Cookie: answer.headers.getSetCookie()[0].split(";")[0] } }), testDeps()),
    ).toMatchObject({
      flash: { text: "Google sign-in was cancelled. Please try again." },
    });
  });
});
