import { describe, expect, it } from "vitest";
import { controlled, deliverPush, fakePushService, kept, notifications, postPlainForm } from "./app-world";
import { triggerScheduled } from "../../scripts/lib/local.mjs";
import { bidderSessions } from "./auction-world";
import { baseUrl, newAccount, signIn, toast, useBrowser, VIEWPORTS } from "./browser";
import { freshId, useLocalDb } from "./local-db";
import { checkoutOneFish, payInSandbox } from "./shop";

const open = useBrowser();
const sql = useLocalDb();
const bidder = bidderSessions(sql);

const devicesOf = (email: string) =>
  sql(`SELECT p.lang, p.endpoint FROM push_subscriptions p JOIN users u ON u.id = p.user_id WHERE u.email = '${email}' ORDER BY p.id`);

/** A phone with JavaScript, the fake push service and notifications allowed, signed in as `who` with one paid order. */
async function shopperWithPaidOrder(who: { email: string; password: string }) {
  const browser = await open({ javaScript: true, viewport: "phone" });
  await fakePushService(browser.context);
  await browser.context.grantPermissions(["notifications"], { origin: baseUrl() });
  await signIn(browser.page, who);
  const number = await checkoutOneFish(browser.page);
  await payInSandbox(browser.page, number);
  return { ...browser, number };
}

describe("the shop as an app on the phone", () => {
  it("turns on push from My Orders, shows a push that opens its page, keeps My Orders and the order readable offline, and forgets them on signing out", async () => {
    const who = await newAccount("app.en", { name: "Padma Latha" });
    const { page, context, close, number } = await shopperWithPaidOrder(who);

    await page.goto("/orders");
    await controlled(page);
    const optIn = page.getByRole("region", { name: "News of your orders on this phone" });
    await optIn.getByRole("button", { name: "Turn on notifications" }).click();
    await expect.poll(() => optIn.getByRole("status").innerText()).toBe("Notifications are on for this phone.");
    expect(await devicesOf(who.email)).toEqual([expect.objectContaining({ lang: "en" })]);
    // Once on, the page offers it no more.
    await page.reload();
    await page.getByRole("heading", { name: "My Orders" }).waitFor();
    expect(await page.locator("[data-push-opt-in]").count()).toBe(0);

    // A push shows as a notification of the store's words, carrying the page it opens.
    await deliverPush(page, { title: "Your fish was weighed", body: `Order ${number}: the balance is due.`, url: `/orders/${number}`, tag: `order-${number}` });
    await expect
      .poll(() => notifications(page))
      .toEqual([{ title: "Your fish was weighed", body: `Order ${number}: the balance is due.`, tag: `order-${number}`, url: `/orders/${number}` }]);

    // My Orders and the order page, seen online, are kept; with the network cut they read as they were.
    await page.goto(`/orders/${number}`);
    await expect.poll(() => kept(page)).toEqual(expect.arrayContaining(["/orders", `/orders/${number}`]));
    // On a wider screen the header draws its word for Telugu (a picture of the word, fetched with the page).
    const drawnWord = () =>
      page
        .locator('header a[hreflang="te"] use')
        .last()
        .evaluate((use) => (use as SVGGraphicsElement).getBBox().width);
    await page.setViewportSize(VIEWPORTS.tablet);
    await expect.poll(drawnWord).toBeGreaterThan(0);
    await page.setViewportSize(VIEWPORTS.phone);
    // The network drops while a hydrated page is open: its links still lead to the kept pages.
    await page.goto("/orders");
    await context.setOffline(true);
    await page.getByRole("link", { name: `Order ${number}` }).click();
    await page.waitForURL(`**/orders/${number}`);
    await page.locator("[data-offline-banner]").waitFor();
    await page.goto("/orders");
    const banner = page.locator("[data-offline-banner]");
    expect(await banner.innerText()).toMatch(/^Offline\. This page is as of .+\. Forms need a connection: nothing is sent until you are back online\.$/);
    expect(await page.getByRole("link", { name: `Order ${number}` }).count()).toBe(1);
    await page.getByRole("link", { name: `Order ${number}` }).click();
    await page.waitForURL(`**/orders/${number}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(number);
    await banner.waitFor();
    // Read offline on a wider screen, with the browser's own cache emptied (as a phone's may be), the kept page still
    // draws that word: the service worker keeps it with the fonts.
    await (await context.newCDPSession(page)).send("Network.clearBrowserCache");
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.reload();
    await banner.waitFor();
    await expect.poll(drawnWord).toBeGreaterThan(0);
    await page.setViewportSize(VIEWPORTS.phone);
    // A page never opened, and the checkout (never kept: no stale price), say they need a connection and list what is kept.
    for (const path of ["/checkout", "/products"]) {
      await page.goto(path);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Offline.");
      expect(await page.getByText("This page needs a connection. Try again when you are back online.").count()).toBe(1);
      expect(await page.getByRole("link", { name: `Order ${number}` }).count()).toBe(1);
    }
    await context.setOffline(false);

    // Signing out turns this phone's push off at the store and forgets the kept pages. The service worker does it,
    // and sees the subscription the page made (the fake push service lives in the page).
    const [{ endpoint }] = await devicesOf(who.email);
    const [worker] = context.serviceWorkers();
    await worker.evaluate((endpoint) => {
      const subscription = { endpoint, unsubscribe: async () => true };
      PushManager.prototype.getSubscription = async () => subscription as unknown as PushSubscription;
    }, endpoint as string);
    await page.goto("/profile");
    await page.locator("main").getByRole("button", { name: "Logout" }).click();
    await expect.poll(() => toast(page)).toBe("Logged out successfully");
    await expect.poll(() => devicesOf(who.email)).toEqual([]);
    await expect.poll(() => kept(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(`/orders/${number}`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Offline.");
    expect(await page.getByText("Pages kept on this phone:").count()).toBe(0);
    await close();
  });

  it("in Telugu: the auction page offers push, a kept order reads offline in Telugu, and the profile turns push off on this phone", async () => {
    const who = await newAccount("app.te", { name: "Sarada Devi" });
    const { page, context, close, number } = await shopperWithPaidOrder(who);

    // An auction of its own, running for an hour.
    const auction = { id: freshId() };
    const end = Date.now() + 3_600_000;
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise, title_te) VALUES (${auction.id}, 'App push Pulasa', 'A Godavari Pulasa.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000, 'యాప్ పుష్ పులస')`,
    );
    await page.goto(`/te/auctions/${auction.id}`);
    await controlled(page);
    const optIn = page.getByRole("region", { name: "మీ ఆర్డర్ల వార్తలు ఈ ఫోన్‌లోనే" });
    await optIn.getByRole("button", { name: "నోటిఫికేషన్లు ఆన్ చేయండి" }).click();
    await expect.poll(() => optIn.getByRole("status").innerText()).toBe("ఈ ఫోన్‌కు నోటిఫికేషన్లు ఆన్‌లో ఉన్నాయి.");
    expect(await devicesOf(who.email)).toEqual([expect.objectContaining({ lang: "te" })]);

    // Outbid: the push is written in the device's language and opens the auction's Telugu page. This store has
    // no VAPID keys, so it lands in the development outbox.
    expect((await page.request.post("/api/bids", { data: { auction_id: auction.id, amount: 1000 } })).status()).toBe(200);
    const rival = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(freshId(), "Gopi Varma") });
    expect((await rival.context.request.post("/api/bids", { data: { auction_id: auction.id, amount: 1200 } })).status()).toBe(200);
    await rival.close();
    const pushed = () =>
      sql(
        `SELECT o.lang, o.title, o.url, o.state, o.provider FROM push_outbox o JOIN users u ON u.id = o.user_id WHERE u.email = '${who.email}' AND o.auction_id = ${auction.id}`,
      );
    await expect.poll(pushed, { timeout: 15_000 }).toEqual([expect.objectContaining({ lang: "te", url: `/te/auctions/${auction.id}` })]);
    // Sent at once, or (the bid's work was cut short, as under load) by the scheduled job's retry.
    const state = async () => (await pushed())[0].state;
    await expect
      .poll(
        async () => {
          if ((await state()) !== "sent") await triggerScheduled(baseUrl());
          return state();
        },
        { timeout: 30_000 },
      )
      .toBe("sent");
    const [push] = await pushed();
    expect(push.provider).toBe("outbox");
    const outbox = await page.request.get("/dev/mail");
    expect(await outbox.text()).toContain(`/te/auctions/${auction.id}`);
    expect(push.title).toMatch(/[\u0C00-\u0C7F]/);

    await page.goto(`/te/orders/${number}`);
    await expect.poll(() => kept(page)).toContain(`/te/orders/${number}`);
    await context.setOffline(true);
    await page.goto(`/te/orders/${number}`);
    expect(await page.locator("[data-offline-banner]").innerText()).toMatch(
      /^ఆఫ్‌లైన్\. ఈ పేజీ ఈ సమయం నాటిది: .+\. ఫారాలు పంపడానికి నెట్‌వర్క్ కావాలి: మళ్లీ ఆన్‌లైన్ అయ్యే వరకు ఏదీ పంపబడదు\.$/,
    );
    // A form posted with no network: nothing is sent, and the page says so.
    await postPlainForm(page);
    await page.getByText("ఏదీ పంపలేదు: ఈ ఫారానికి నెట్‌వర్క్ కావాలి. మళ్లీ ఆన్‌లైన్ అయ్యాక ప్రయత్నించండి.").waitFor();
    await context.setOffline(false);

    await page.goto("/te/profile");
    expect(await page.getByTestId("push-devices").innerText()).toBe("ఒక ఫోన్ లేదా బ్రౌజర్‌కు మా నోటిఫికేషన్లు వస్తున్నాయి.");
    await page.getByRole("button", { name: "ఈ ఫోన్‌లో ఆఫ్ చేయండి" }).click();
    await page.getByText("ఈ ఫోన్‌కు నోటిఫికేషన్లు ఆఫ్‌లో ఉన్నాయి.").waitFor();
    expect(await devicesOf(who.email)).toEqual([]);
    await close();
  });

  it("without JavaScript: no opt-in, the footer says how to install, and the profile turns push off on every device", async () => {
    const who = await newAccount("app.nojs", { name: "Rama Krishna" });
    const { page, context, close } = await open({ javaScript: false, viewport: "phone" });
    await signIn(page, who);
    // Two devices subscribed earlier (through the JSON API, as a browser with JavaScript does).
    for (const n of [1, 2]) {
      const device = await makeDevice(n);
      expect((await context.request.post("/api/push/subscriptions", { data: device })).status()).toBe(201);
    }
    // A page rendered for an account says whose (the service worker keeps one account's pages); one for nobody does not.
    expect((await context.request.get("/orders")).headers()["x-account"]).toMatch(/^\d+$/);
    expect((await fetch(`${baseUrl()}/products`)).headers.get("x-account")).toBeNull();
    await page.goto("/orders");
    expect(await page.locator("[data-push-opt-in]").count()).toBe(0);
    const card = page.locator("[data-install-card]");
    expect(await card.innerText()).toContain("Install the app");
    expect(await card.innerText()).toContain("Open your browser's menu and choose 'Install app' or 'Add to Home screen'.");
    await page.goto("/profile");
    expect(await page.getByTestId("push-devices").innerText()).toBe("2 phones or browsers get notifications from us.");
    await page.getByRole("button", { name: "Turn off on all devices" }).click();
    await page.waitForURL("**/profile");
    expect(await page.getByText("Notifications are turned off on all your devices.").count()).toBe(1);
    expect(await page.getByTestId("push-devices").innerText()).toBe(
      "No phone or browser gets notifications from us. Turn them on from My Orders or an auction page.",
    );
    expect(await devicesOf(who.email)).toEqual([]);
    await close();
  });

  it("the footer's card: an Install button where the browser offers it, the iPhone's way there, gone once installed", async () => {
    const { page, close } = await open({ javaScript: true, viewport: "phone" });
    await page.goto("/");
    const card = page.locator("[data-install-card]");
    await card.scrollIntoViewIfNeeded();
    // The browser's offer, as Chromium makes it when the store can be installed.
    await page.evaluate(() => {
      const offer = new Event("beforeinstallprompt", { cancelable: true }) as Event & Record<string, unknown>;
      offer.prompt = async () => {
        (window as unknown as { __prompted: boolean }).__prompted = true;
      };
      offer.userChoice = Promise.resolve({ outcome: "accepted" });
      window.dispatchEvent(offer);
    });
    await card.getByRole("button", { name: "Install" }).click();
    await expect.poll(() => card.count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __prompted?: boolean }).__prompted)).toBe(true);
    await close();

    const iphone = await open({ javaScript: true, viewport: "phone" });
    await iphone.context.addInitScript(() =>
      Object.defineProperty(navigator, "userAgent", { get: () => "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)" }),
    );
    await iphone.page.goto("/te");
    const teluguCard = iphone.page.locator("[data-install-card]");
    await expect.poll(() => teluguCard.innerText()).toContain("iPhoneలో: షేర్ బటన్ నొక్కి, 'హోమ్ స్క్రీన్‌కు జోడించండి' ఎంచుకోండి.");
    await iphone.page.evaluate(() => window.dispatchEvent(new Event("appinstalled")));
    await expect.poll(() => teluguCard.count()).toBe(0);
    await iphone.close();
  });
});

/** A subscription as a browser hands it over: an https endpoint, a real P-256 public key and a 16-byte secret. */
async function makeDevice(n: number) {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = Buffer.from(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    endpoint: `https://push.example.test/send/nojs-${n}-${Date.now()}`,
    keys: { p256dh: raw.toString("base64url"), auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url") },
  };
}
