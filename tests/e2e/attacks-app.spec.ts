import { describe, expect, it } from "vitest";
import type { Page, Route } from "playwright-core";
import { controlled, deliverPush, fakePushService, kept, notifications, postPlainForm } from "./app-world";
import { baseUrl, newAccount, signIn, toast, useBrowser } from "./browser";
import { useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();

/** Signs in with JavaScript on a phone and opens My Orders until the service worker has kept it. */
async function shopperWithKeptOrders(tag: string, name: string) {
  const who = await newAccount(tag, { name });
  const browser = await open({ javaScript: true, viewport: "phone" });
  await signIn(browser.page, who);
  await browser.page.goto("/orders");
  await controlled(browser.page);
  await browser.page.goto("/orders");
  await expect.poll(() => kept(browser.page)).toEqual(["/orders"]);
  return browser;
}

/** With the network gone, the phone shows its offline page for My Orders, listing nothing kept. */
async function nothingReadableOffline(page: Page) {
  await page.context().setOffline(true);
  await page.goto("/orders");
  expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Offline.");
  expect(await page.getByText("Pages kept on this phone:").count()).toBe(0);
  expect(await kept(page)).toEqual([]);
}

describe("the kept pages on a shared phone", () => {
  it("signing out with the page's scripts, the network lost before the next page: the account's pages are not readable offline", async () => {
    const { page, close } = await shopperWithKeptOrders("app.attack.js", "Kanaka Durga");
    // The request the sign-out button sends; its answer comes, then the network is gone before any other page loads.
    const status = await page.evaluate(async () => (await fetch("/logout.data", { method: "POST", body: new URLSearchParams() })).status);
    expect(status).toBeLessThan(400);
    await nothingReadableOffline(page);
    await close();
  });

  it("signing out with a plain form (the page's scripts not running yet) turns this phone's push off at the store", async () => {
    const who = await newAccount("app.attack.push", { name: "Bhanu Prakash" });
    const { page, context, close } = await open({ javaScript: true, viewport: "phone" });
    await fakePushService(context);
    await context.grantPermissions(["notifications"], { origin: baseUrl() });
    await signIn(page, who);
    await page.goto("/orders");
    await controlled(page);
    const optIn = page.getByRole("region", { name: "News of your orders on this phone" });
    await optIn.getByRole("button", { name: "Turn on notifications" }).click();
    await expect.poll(() => optIn.getByRole("status").innerText()).toBe("Notifications are on for this phone.");
    const devices = () => sql(`SELECT p.endpoint FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.email = '${who.email}'`);
    const [{ endpoint }] = await devices();
    // The service worker sees the browser's subscription the page made (the fake push service lives in the page).
    const [worker] = context.serviceWorkers();
    await worker.evaluate((endpoint) => {
      const subscription = { endpoint, unsubscribe: async () => true };
      PushManager.prototype.getSubscription = async () => subscription as unknown as PushSubscription;
    }, endpoint as string);
    await postPlainForm(page, "/logout");
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => toast(page)).toBe("Logged out successfully");
    expect(await devices()).toEqual([]);
    await close();
  });

  it("signing out with a plain form, the page it leads to never loading: the account's pages are not readable offline", async () => {
    const { page, context, close } = await shopperWithKeptOrders("app.attack.form", "Venkata Lakshmi");
    await context.route(
      (url) => url.pathname === "/",
      (route) => route.abort("internetdisconnected"),
    );
    await postPlainForm(page, "/logout");
    // The home page after signing out did not load: the phone's offline page stands in for it.
    await page.getByRole("heading", { level: 1, name: "Offline." }).waitFor();
    expect(await page.getByText("Pages kept on this phone:").count()).toBe(0);
    await context.unrouteAll();
    await nothingReadableOffline(page);
    await close();
  });

  it("an order page the server sent before signing out, arriving after it, is not kept", async () => {
    const who = await newAccount("app.attack.late", { name: "Satya Vathi" });
    const { page, context, close } = await open({ javaScript: true, viewport: "desktop" });
    await signIn(page, who);
    await controlled(page);
    // Opening My Orders from a link asks for its data; the service worker then fetches the page itself to keep it.
    // That page is answered (for this account) but held on its way back until the shopper has signed out.
    let release = () => {};
    let held = false;
    const answered = new Promise<void>((resolve) => {
      void context.route(
        (url) => url.pathname === "/orders",
        async (route: Route) => {
          if (route.request().isNavigationRequest() || held) return route.continue();
          held = true;
          const response = await route.fetch();
          release = () => void route.fulfill({ response });
          resolve();
        },
      );
    });
    await page.locator("header").getByRole("link", { name: "My Orders", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "My Orders" }).waitFor();
    await answered;
    await page.goto("/profile");
    await page.locator("main").getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => toast(page)).toBe("Logged out successfully");
    release();
    // The late page is written, if at all, just after it arrives.
    await page.waitForTimeout(1000);
    await context.unrouteAll();
    await nothingReadableOffline(page);
    await close();
  });
});

describe("a public page's copy in the browser", () => {
  it("is not shown to the shopper once signed in, and does not make the phone forget the shopper's kept pages", async () => {
    const who = await newAccount("app.attack.stale", { name: "Durga Prasad" });
    const { page, close } = await open({ javaScript: true, viewport: "phone" });
    await page.goto("/");
    await controlled(page);
    // Fresh Catch's data, as a link to it asks for it, seen before signing in: the browser keeps its copy.
    const freshCatch = () => page.evaluate(async () => (await fetch("/products.data?_routes=root,routes/products._index")).headers.get("x-account"));
    expect(await freshCatch()).toBeNull();
    await signIn(page, who);
    await page.goto("/orders");
    await expect.poll(() => kept(page)).toEqual(["/orders"]);
    // Asked again once signed in, it is the shopper's page, never the copy rendered for nobody.
    expect(await freshCatch()).toMatch(/^\d+$/);
    expect(await kept(page)).toEqual(["/orders"]);
    await close();
  });
});

describe("this phone's push, for whoever is signed in", () => {
  it("after 'Turn off on all devices', and after another account signs in without the first signing out, My Orders offers it again", async () => {
    const [first, second] = await Promise.all([
      newAccount("app.attack.phone1", { name: "Ramana Murthy" }),
      newAccount("app.attack.phone2", { name: "Lalitha Kumari" }),
    ]);
    const { page, context, close } = await open({ javaScript: true, viewport: "phone" });
    await fakePushService(context);
    await context.grantPermissions(["notifications"], { origin: baseUrl() });
    const devicesOf = (email: string) =>
      sql(`SELECT p.endpoint FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.email = '${email}'`) as Promise<{ endpoint: string }[]>;
    const optIn = page.getByRole("region", { name: "News of your orders on this phone" });
    const turnOn = async () => {
      await page.goto("/orders");
      await controlled(page);
      await optIn.getByRole("button", { name: "Turn on notifications" }).click();
      await expect.poll(() => optIn.getByRole("status").innerText()).toBe("Notifications are on for this phone.");
    };
    await signIn(page, first);
    await turnOn();
    // Turned off on every device (from this phone's profile or any other): this phone can turn it on again.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Turn off on all devices" }).click();
    await page.getByText("Notifications are turned off on all your devices.").waitFor();
    await turnOn();
    const [firstPhone] = await devicesOf(first.email);

    // The first account's session ends without signing out (it expired); the second signs in on this phone.
    await sql(`DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = '${first.email}')`);
    await signIn(page, second);
    await turnOn();
    const [secondPhone] = await devicesOf(second.email);
    // The phone's subscription was the first account's: it was ended, and the second account's is a new one.
    expect(secondPhone.endpoint).not.toBe(firstPhone.endpoint);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem("__fakePushSubscription") ?? "null")?.endpoint)).toBe(secondPhone.endpoint);
    await close();
  });
});

describe("a push's page", () => {
  it("is always the store's: an address the browser reads as another site opens the home page instead", async () => {
    const { page, context, close } = await open({ javaScript: true, viewport: "phone" });
    await context.grantPermissions(["notifications"], { origin: baseUrl() });
    await page.goto("/");
    await controlled(page);
    await deliverPush(page, { title: "Elsewhere", body: "", url: "/\\evil.example/login", tag: "elsewhere" });
    await deliverPush(page, { title: "Here", body: "", url: "/te/orders?from=push#top", tag: "here" });
    await expect.poll(() => notifications(page)).toHaveLength(2);
    const urls = Object.fromEntries((await notifications(page)).map((n) => [n.title, n.url]));
    expect(urls).toEqual({ Elsewhere: "/", Here: "/te/orders?from=push#top" });
    await close();
  });
});
