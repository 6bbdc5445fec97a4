import { desc } from "drizzle-orm";
import type { AppLoadContext } from "@remix-run/cloudflare";
import { auctions, products } from "~/db/schema";

/** Every auction for the admin list, newest first, and the product images an auction may use. */
export async function adminAuctionData(context: AppLoadContext) {
  const [rows, images] = await Promise.all([
    context.db.select().from(auctions).orderBy(desc(auctions.id)).limit(200),
    context.db.select({ name: products.name, image: products.image }).from(products),
  ]);
  return { rows, images: images.map((p) => ({ name: p.name, url: `/media/${p.image}-480.webp` })) };
}

type Env = { AUCTION: Fetcher };

/** Calls the auction Worker as the signed-in admin (their own cookie; the Worker checks it). */
async function callAuction(env: Env, request: Request, path: string, init: RequestInit): Promise<{ ok: boolean; body: Record<string, unknown> }> {
  const headers = new Headers(init.headers);
  headers.set("Cookie", request.headers.get("Cookie") ?? "");
  try {
    const response = await env.AUCTION.fetch(`https://auction.internal${path}`, { ...init, headers });
    const body = (await response.json()) as Record<string, unknown>;
    return { ok: response.ok && body.success === true, body };
  } catch (error) {
    console.error("auction worker call failed", error);
    return { ok: false, body: {} };
  }
}

export async function uploadAuctionImage(env: Env, request: Request, file: File) {
  const result = await callAuction(env, request, "/api/auction/images", { method: "POST", body: await file.arrayBuffer(), headers: { "Content-Type": "application/octet-stream" } });
  return result.ok && typeof result.body.url === "string" ? { ok: true as const, url: result.body.url } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}

export async function createAuction(env: Env, request: Request, fields: Record<string, string>) {
  const result = await callAuction(env, request, "/api/auction", { method: "POST", body: JSON.stringify(fields), headers: { "Content-Type": "application/json" } });
  return result.ok ? { ok: true as const } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}

export async function cancelAuction(env: Env, request: Request, id: number, reason: string) {
  const result = await callAuction(env, request, `/api/auction/${id}/cancel`, { method: "POST", body: JSON.stringify({ reason }), headers: { "Content-Type": "application/json" } });
  return result.ok ? { ok: true as const } : { ok: false as const, error: typeof result.body.error === "string" ? result.body.error : null };
}
