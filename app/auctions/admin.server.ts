import { desc } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { auctions, products } from "~/db/schema";
import { postToAuctionWorker } from "./auctions.server";

/** Every auction for the admin list, newest first, and the product images an auction may use. */
export async function adminAuctionData(context: AppLoadContext) {
  const [rows, images] = await Promise.all([
    context.db.select().from(auctions).orderBy(desc(auctions.id)).limit(200),
    context.db.select({ name: products.name, image: products.image }).from(products),
  ]);
  return { rows, images: images.map((p) => ({ name: p.name, url: `/media/${p.image}-480.webp` })) };
}

type Env = { AUCTION: Fetcher };

// Each goes to the auction Worker as the signed-in admin (their own cookie; the Worker checks it).

export async function uploadAuctionImage(env: Env, request: Request, file: File) {
  const result = await postToAuctionWorker(env, request, "/api/auction/images", await file.arrayBuffer(), "application/octet-stream");
  return result.ok && typeof result.body.url === "string" ? { ok: true as const, url: result.body.url } : { ok: false as const, error: result.error };
}

export async function createAuction(env: Env, request: Request, fields: Record<string, string>) {
  const result = await postToAuctionWorker(env, request, "/api/auction", JSON.stringify(fields));
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}

export async function cancelAuction(env: Env, request: Request, id: number, reason: string) {
  const result = await postToAuctionWorker(env, request, `/api/auction/${id}/cancel`, JSON.stringify({ reason }));
  return result.ok ? { ok: true as const } : { ok: false as const, error: result.error };
}
