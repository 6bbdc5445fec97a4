import { desc } from "drizzle-orm";
import { auctions, products } from "~/db/schema";
import type { Deps } from "~/deps";
import { mediaUrl } from "~/components/picture";
import { postToAuctionWorker } from "./auctions.server";

/** Every auction for the admin list, newest first, and the product images an auction may use. */
export async function adminAuctionData(deps: Pick<Deps, "db">) {
  const [rows, images] = await Promise.all([
    deps.db.select().from(auctions).orderBy(desc(auctions.id)).limit(200),
    deps.db.select({ name: products.name, image: products.image }).from(products),
  ]);
  return { rows, images: images.map((p) => ({ name: p.name, url: mediaUrl(p.image, 480, "webp") })) };
}

// Each goes to the auction Worker as the signed-in admin (their own cookie header; the Worker checks it).

export async function uploadAuctionImage(deps: Pick<Deps, "auctionService">, cookie: string, file: File) {
  const result = await postToAuctionWorker(deps, cookie, "/api/auction/images", await file.arrayBuffer(), "application/octet-stream");
  return result.ok && typeof result.body.url === "string" ? { ok: true as const, url: result.body.url } : { ok: false as const, error: result.error };
}

export async function createAuction(deps: Pick<Deps, "auctionService">, cookie: string, fields: Record<string, string>) {
  const result = await postToAuctionWorker(deps, cookie, "/api/auction", JSON.stringify(fields));
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}

export async function cancelAuction(deps: Pick<Deps, "auctionService">, cookie: string, id: number, reason: string) {
  const result = await postToAuctionWorker(deps, cookie, `/api/auction/${id}/cancel`, JSON.stringify({ reason }));
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}
