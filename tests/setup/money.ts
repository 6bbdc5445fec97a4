import { env } from "cloudflare:workers";
import type { Order } from "~/db/schema";
import type { Deps } from "~/deps";
import { startAdvancePayment } from "~/payments/advance.server";
import { sandboxDecide, sandboxPayLink } from "~/payments/sandbox.server";

/**
 * Money moved the way a shopper moves it in the sandbox: through the gateway's own pages, its callback and
 * webhooks, so the sandbox's books and the ledger agree (a refund can only return what the sandbox took).
 */
export async function payAdvance(deps: Deps, order: Order): Promise<string> {
  const started = await startAdvancePayment(deps, order);
  const outcome = (await sandboxDecide(deps, started.gatewayOrderId, "pay"))!;
  await outcome.webhooks();
  const paid = await env.DB.prepare("SELECT id FROM sandbox_records WHERE kind = 'payment' AND parent = ? ORDER BY created_at DESC LIMIT 1").bind(started.gatewayOrderId).first<{ id: string }>();
  return paid!.id;
}

/** The order's newest balance link, paid on the sandbox's link page (null: the sandbox refused it, and why). */
export async function payBalanceLink(deps: Deps, orderId: number) {
  const link = await env.DB.prepare("SELECT provider_ref FROM payments WHERE order_id = ? AND kind = 'balance' ORDER BY id DESC LIMIT 1").bind(orderId).first<{ provider_ref: string }>();
  return sandboxPayLink(deps, link!.provider_ref);
}

/** An order's money by kind, from the ledger. */
export async function ledgerSums(orderId: number) {
  const row = await env.DB.prepare(
    `SELECT coalesce(sum(CASE WHEN kind = 'capture' THEN amount_paise END), 0) AS captured, coalesce(sum(CASE WHEN kind = 'cash' THEN amount_paise END), 0) AS cash,
       coalesce(sum(CASE WHEN kind = 'refund' THEN amount_paise END), 0) AS refunded, coalesce(sum(CASE WHEN kind = 'refund' AND state <> 'done' THEN amount_paise END), 0) AS pending
     FROM ledger WHERE order_id = ?`,
  )
    .bind(orderId)
    .first<{ captured: number; cash: number; refunded: number; pending: number }>();
  return row!;
}
