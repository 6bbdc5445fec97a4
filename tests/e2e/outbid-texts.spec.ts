import { describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { bidderSessions } from "./auction-world";
import { expectNoAxeViolations, toast, useBrowser } from "./browser";
import { freshId, useLocalDb } from "./local-db";

const open = useBrowser();
const sql = useLocalDb();
const bidder = bidderSessions(sql);

async function bidAs(context: BrowserContext, auctionId: number, amount: number) {
  const res = await context.request.post("/api/bids", { data: { auction_id: auctionId, amount } });
  expect(await res.json()).toMatchObject({ success: true });
}

const CASES = [
  {
    javaScript: false,
    prefix: "",
    box: "Also text me when I am outbid",
    needPhone: "Add your phone number to your profile to be texted when you are outbid.",
    on: "You are watching this auction. We will remind you 10 min before it ends and text you when you are outbid.",
    hint: "You are watching this auction: we will remind you 10 min before it ends and text you when you are outbid.",
    watch: "Watch this auction",
    text: (title: string, url: string) => `Godavari Pulasa: You have been outbid on ${title}: the bid is now Rs 1,200. Bid again: ${url}`,
  },
  {
    javaScript: true,
    prefix: "/te",
    box: "నాకంటే ఎక్కువ బిడ్ వస్తే నాకు SMS కూడా పంపండి",
    needPhone: "మీ కంటే ఎక్కువ బిడ్ వచ్చినప్పుడు SMS రావాలంటే మీ ప్రొఫైల్‌లో ఫోన్ నంబర్ చేర్చండి.",
    on: "మీరు ఈ వేలాన్ని ఫాలో చేస్తున్నారు. ముగియడానికి 10 నిమిషాల ముందు గుర్తు చేస్తాం, మీ కంటే ఎక్కువ బిడ్ వస్తే SMS పంపుతాం.",
    hint: "మీరు ఈ వేలాన్ని ఫాలో చేస్తున్నారు: ముగియడానికి 10 నిమిషాల ముందు గుర్తు చేస్తాం, మీ కంటే ఎక్కువ బిడ్ వస్తే SMS పంపుతాం.",
    watch: "ఈ వేలాన్ని ఫాలో చేయండి",
    text: (title: string, url: string) => `గోదావరి పులస: ${title}పై మీ కంటే ఎక్కువ బిడ్ వచ్చింది: ఇప్పుడు బిడ్ ₹1,200. మళ్లీ బిడ్ వేయండి: ${url}`,
  },
];

describe.each(CASES)("a text when outbid, asked for on the watch form (JavaScript $javaScript, $prefix)", (c) => {
  it("needs a phone, is asked for with the box, and the outbid bidder's text is in the outbox in their language", async () => {
    const id = freshId();
    const firstUser = freshId(2);
    const end = Date.now() + 3_600_000;
    const title = c.prefix ? "టెక్స్ట్ లాట్" : "Text lot";
    await sql(
      `INSERT INTO auctions (id, title, description, start_price_paise, current_price_paise, end_time, scheduled_end_time, status, bid_count, seller_name, min_increment_paise, title_te) VALUES (${id}, 'Text lot', 'A lot for the outbid text.', 100000, 100000, ${end}, ${end}, 'active', 0, 'Godavari Pulasa', 10000, 'టెక్స్ట్ లాట్')`,
    );
    const watcher = await open({ javaScript: c.javaScript, viewport: "phone" }, { cookies: await bidder(firstUser, "Ravi Kumar") });
    const rival = await open({ javaScript: false, viewport: "phone" }, { cookies: await bidder(firstUser + 1, "Sita Rao") });
    if (c.prefix) await sql(`UPDATE users SET lang = 'te' WHERE id = ${firstUser}`);
    const page = watcher.page;
    const here = `${c.prefix}/auctions/${id}`;
    await page.goto(here);
    const form = page.getByTestId("watch");

    // No phone on the account: refused plainly, nothing asked.
    await form.getByLabel(c.box).check();
    await form.getByRole("button", { name: c.watch }).click();
    await expect.poll(() => toast(page)).toBe(c.needPhone);
    await page.goto(here);
    expect(await form.getByRole("button", { name: c.watch }).count()).toBe(1);

    // With a phone: watching, and texted when outbid; the form says so and offers no box any more.
    await sql(`UPDATE users SET phone = '+919876543210' WHERE id = ${firstUser}`);
    await form.getByLabel(c.box).check();
    await form.getByRole("button", { name: c.watch }).click();
    await expect.poll(() => toast(page)).toBe(c.on);
    await page.goto(here);
    expect(await form.locator("p").innerText()).toBe(c.hint);
    expect(await form.getByLabel(c.box).count()).toBe(0);
    await expectNoAxeViolations(page);

    await bidAs(watcher.context, id, 1100);
    await bidAs(rival.context, id, 1200);
    const url = `${new URL(page.url()).origin}${here}`;
    await expect
      .poll(async () => (await sql(`SELECT body, to_phone, state FROM message_outbox WHERE user_id = ${firstUser} AND auction_id = ${id}`)) as unknown[])
      .toEqual([{ body: c.text(title, url), to_phone: "+919876543210", state: "sent" }]);
    await rival.page.goto("/dev/mail");
    expect(await rival.page.getByRole("article", { name: "SMS to +919876543210" }).first().innerText()).toContain(c.text(title, url));
    expect(watcher.errors).toEqual([]);
    await Promise.all([watcher.close(), rival.close()]);
  });
});
