import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { AuctionView } from "../../../app/auctions/auction";
import { shortHash } from "../../../app/auctions/bid-log-text";
import { admin, auctionFetch, bid, createAuction, endNow, person, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";

useRoomWorld();

/** The receipts the auction page shows `who`: each of their entries in the log, by number and hash. */
async function receiptsOf(who: Person, id: number) {
  const res = await auctionFetch(`https://auction.test/api/auction/${id}`, { headers: { Authorization: who.bearer } });
  return ((await res.json()) as { auction: AuctionView }).auction.receipts;
}

const noticeOf = (who: Person, type: string) =>
  env.DB.prepare("SELECT message FROM notifications WHERE user_id = ? AND type = ? ORDER BY id DESC").bind(who.id, type).first<{ message: string }>();

const mailTo = (who: Person, subject: string) =>
  env.DB.prepare('SELECT body FROM mail_outbox WHERE "to" = ? AND subject LIKE ? ORDER BY id DESC')
    .bind(`user${who.id}@example.in`, `${subject}%`)
    .first<{ body: string }>();

describe("the bidder's notices name their receipt", () => {
  it("the outbid notice names the beaten bid's receipt, and the won notice the winning one, as the auction page shows them", async () => {
    const gopi = await person("Gopi Varma");
    await env.DB.prepare("UPDATE users SET lang = 'te' WHERE id = ?").bind(gopi.id).run();
    const a = await createAuction(admin);
    await bid(ravi, a.id, 1000);
    await bid(gopi, a.id, 1100);
    // Ravi's own entry, No. 1, beaten by Gopi's: his notice (in the bell and by e-mail) names it.
    const [ravis] = await receiptsOf(ravi, a.id);
    expect(ravis.seq).toBe(1);
    const outbid = `Your bid's receipt in the bid log: No. 1 · ${shortHash(ravis.hash)}.`;
    await expect
      .poll(() => noticeOf(ravi, "outbid"))
      .toEqual({ message: `Someone bid ₹1,100 on "Royal Pulasa 2 kg". Open the auction to bid again. ${outbid}` });
    expect((await mailTo(ravi, "You have been outbid"))?.body).toContain(outbid);

    // Gopi, who reads Telugu, is beaten by Sita: his entry, No. 2, in his language.
    await bid(sita, a.id, 1300);
    const [gopis] = await receiptsOf(gopi, a.id);
    expect(gopis.seq).toBe(2);
    await expect
      .poll(() => noticeOf(gopi, "outbid"))
      .toEqual({
        message: `"Royal Pulasa 2 kg"పై ఎవరో ₹1,300 బిడ్ వేశారు. మళ్లీ బిడ్ వేయడానికి వేలం పేజీ తెరవండి. బిడ్‌ల రికార్డులో మీ బిడ్ రసీదు: నం. 2 · ${shortHash(gopis.hash)}.`,
      });

    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    const winning = (await receiptsOf(sita, a.id)).at(-1)!;
    expect(winning).toMatchObject({ seq: 3, amount_paise: 130_000 });
    const won = `Your bid's receipt in the bid log: No. 3 · ${shortHash(winning.hash)}.`;
    expect((await noticeOf(sita, "auction_won"))?.message).toMatch(
      /^You won "Royal Pulasa 2 kg" at ₹1,300\. Pay the ₹500 advance within 24 hours to confirm your order PUL-\d{4}-[A-Z0-9]{4}\. /,
    );
    expect((await noticeOf(sita, "auction_won"))?.message.endsWith(won)).toBe(true);
    expect((await mailTo(sita, "You won the auction!"))?.body).toContain(won);
  });
});
