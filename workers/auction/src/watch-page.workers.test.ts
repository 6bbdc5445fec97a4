import { SELF } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { action, loader } from "../../../app/routes/auctions.$id";
import { getConfig } from "../../../app/config.server";
import { appCookies } from "../../../app/web/cookies.server";
import { getLoadContext } from "../../load-context";
import { admin, createAuction, endNow, ravi, sita, stubFor, useRoomWorld, type Person } from "./auction-room.fixtures";
import { runDurableObjectAlarm } from "cloudflare:test";

useRoomWorld();

/** The store's auction page (loader or action) as the Worker calls it, with the auction Worker behind its binding. */
async function page(fn: typeof loader | typeof action, path: string, who: Person | null, form?: Record<string, string>) {
  const request = new Request(`https://store.test${path}`, {
    method: form ? "POST" : "GET",
    headers: { ...(who ? { Cookie: who.cookie.split(";")[0] } : {}), ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const context = await getLoadContext({
    request,
    context: {
      cloudflare: { env: { ...env, AUCTION: SELF }, ctx: { waitUntil: () => {}, passThroughOnException: () => {}, props: {} }, cf: undefined, caches } as never,
    },
  });
  const id = /\/auctions\/([^/]+)/.exec(path)?.[1] ?? "";
  try {
    return await fn({ request, context, params: { id } } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** Where a redirect goes and the toast it leaves. */
async function answer(res: unknown) {
  const r = res as Response;
  const cookie = r.headers.getSetCookie().find((c) => c.startsWith("__flash")) ?? "";
  const flash = cookie ? await appCookies(getConfig(env)).flash.parse(cookie.split(";")[0]) : null;
  return { status: r.status, location: r.headers.get("Location"), flash };
}

describe("Watch / Stop watching on the auction page (plain form)", () => {
  it("watches and stops, each answered with a toast in the page's language, and the page shows which", async () => {
    const a = await createAuction(admin);
    const watched = await answer(await page(action, `/auctions/${a.id}`, sita, { intent: "watch" }));
    expect(watched).toMatchObject({ status: 302, location: `/auctions/${a.id}` });
    expect(watched.flash).toEqual({ type: "success", text: "You are watching this auction. We will remind you 10 min before it ends." });
    const shown = (await page(loader, `/auctions/${a.id}`, sita)) as Awaited<ReturnType<typeof loader>>;
    expect(shown).toMatchObject({ auction: { watching: true }, reminderMinutes: "10" });
    expect(((await page(loader, `/auctions/${a.id}`, ravi)) as Awaited<ReturnType<typeof loader>>).auction.watching).toBe(false);

    const stopped = await answer(await page(action, `/te/auctions/${a.id}`, sita, { intent: "unwatch" }));
    expect(stopped).toMatchObject({ status: 302, location: `/te/auctions/${a.id}`, flash: { type: "success", text: "ఈ వేలాన్ని ఫాలో చేయడం ఆపేశారు." } });
    expect(((await page(loader, `/auctions/${a.id}`, sita)) as Awaited<ReturnType<typeof loader>>).auction.watching).toBe(false);
  });

  it("refuses clearly, never with a 5xx: signed out, an auction that does not exist, one that has ended", async () => {
    const a = await createAuction(admin);
    expect(await answer(await page(action, `/auctions/${a.id}`, null, { intent: "watch" }))).toMatchObject({
      status: 302,
      flash: { type: "error", text: "Please login to watch this auction" },
    });
    expect(await answer(await page(action, "/auctions/987654", sita, { intent: "watch" }))).toMatchObject({
      status: 302,
      location: "/auctions",
      flash: { type: "error", text: "That auction does not exist." },
    });
    await endNow(a.id);
    await runDurableObjectAlarm(stubFor(a.id));
    expect(await answer(await page(action, `/te/auctions/${a.id}`, sita, { intent: "watch" }))).toMatchObject({
      status: 302,
      location: `/te/auctions/${a.id}`,
      flash: { type: "error", text: "ఈ వేలం ముగిసింది, కాబట్టి ఫాలో చేయడానికి ఇంకేమీ లేదు." },
    });
  });
});
