import { desc } from "drizzle-orm";
import { auctions, products } from "~/db/schema";
import type { Deps } from "~/deps";

/** Every auction for the admin list, newest first, and the product images an auction may use. */
export async function adminAuctionData(deps: Pick<Deps, "db">) {
  const [rows, images] = await Promise.all([
    deps.db.select().from(auctions).orderBy(desc(auctions.id)).limit(200),
    deps.db.select({ name: products.name, image: products.image }).from(products),
  ]);
  return { rows, images: images.map((p) => ({ name: p.name, url: `/media/${p.image}-480.webp` })) };
}

/** Calls the auction Worker as the signed-in admin (their own cookie header; the Worker checks it). */
async function callAuction(deps: Pick<Deps, "auctionService">, cookie: string, path: string, init: RequestInit): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  try {
    if (!deps.auctionService) throw new Error("No AUCTION binding");
    const response = await deps.auctionService.fetch(`https://auction.internal${path}`, { ...init, headers });
    const body = (await response.json()) as Record<string, unknown>;
    return { ok: response.ok && body.success === true, body };
  } catch (error) {
    console.error("auction worker call failed", error);
    return { ok: false, body: {} };
  }
}

export async function uploadAuctionImage(deps: Pick<Deps, "auctionService">, cookie: string, file: File) {
  const result = await callAuction(deps, cookie, "/api/auction/images", { method: "POST", body: await file.arrayBuffer(), headers: { "Content-Type": "application/octet-stream" } });
  return result.ok && typeof result.body.url === "string" ? { ok: true as const, url: result.body.url } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}

export async function createAuction(deps: Pick<Deps, "auctionService">, cookie: string, fields: Record<string, string>) {
  const result = await callAuction(deps, cookie, "/api/auction", { method: "POST", body: JSON.stringify(fields), headers: { "Content-Type": "application/json" } });
  return result.ok ? { ok: true as const } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}

export async function cancelAuction(deps: Pick<Deps, "auctionService">, cookie: string, id: number, reason: string) {
  const result = await callAuction(deps, cookie, `/api/auction/${id}/cancel`, { method: "POST", body: JSON.stringify({ reason }), headers: { "Content-Type": "application/json" } });
  return result.ok ? { ok: true as const } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}
