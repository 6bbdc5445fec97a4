import type { Deps, PrimaryDeps } from "~/deps";
import { localePath, type Lang } from "~/i18n/lang";
import { sandboxEnabled } from "./gateway.server";
import { SANDBOX_SECRETS, sandboxId, sandboxLinkRecord, sandboxSetting, type SandboxLinkDetails, type SandboxRecord } from "./sandbox-gateway.server";
import { paymentLinkSignature, paymentSignature, webhookSignature } from "./signature";
import { handleRazorpayWebhook } from "./webhook.server";

/**
 * The sandbox's side of a payment: what Razorpay does when the shopper presses Pay or Fail. It records the
 * payment in its own books (`sandbox_records`), signs exactly as Razorpay does and delivers its webhooks to
 * the same handler Razorpay's reach. Tests can make it lose the browser's return or the webhooks.
 */
export type SandboxEvent = "payment.captured" | "order.paid" | "payment.failed" | "payment_link.paid" | "refund.processed";

/** Signs and delivers one webhook event (raw body + X-Razorpay-Signature + event id), like Razorpay. */
export async function sendSandboxWebhook(deps: PrimaryDeps, event: SandboxEvent, payload: Record<string, unknown>) {
  if (!sandboxEnabled(deps.config)) throw new Error("The sandbox exists only in development");
  const body = JSON.stringify({
    entity: "event",
    account_id: "acc_sandbox",
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  return handleRazorpayWebhook(deps, body, await webhookSignature(SANDBOX_SECRETS.webhookSecret, body), sandboxId("evt"));
}

async function webhooksDropped(deps: Pick<Deps, "db">) {
  return (await sandboxSetting(deps, "webhooks")) === "drop";
}

/**
 * The order's page in its owner's language, where the gateway's return lands too: the gateway's own page is
 * English, the shopper's order page is not.
 */
const orderPathIn = (lang: Lang, number: string) => localePath(lang, `/orders/${number}`);

/**
 * A sandbox gateway order as its page shows it: the amount, our order number (its receipt), whether it is
 * paid, and the customer's details the store prefills (as it passes them to Razorpay's checkout).
 */
export async function sandboxCheckout(deps: Pick<Deps, "db">, gatewayOrderId: string) {
  const d1 = deps.db.$client;
  const order = await d1.prepare("SELECT * FROM sandbox_records WHERE id = ? AND kind = 'order'").bind(gatewayOrderId).first<SandboxRecord>();
  if (!order?.reference) return null;
  const paid = await d1.prepare("SELECT 1 FROM sandbox_records WHERE kind = 'payment' AND parent = ? AND status = 'captured'").bind(gatewayOrderId).first();
  const customer = await d1
    .prepare(
      "SELECT o.first_name || ' ' || o.last_name AS name, u.email AS email, o.phone AS contact, u.lang AS lang FROM orders o JOIN users u ON u.id = o.user_id WHERE o.number = ?",
    )
    .bind(order.reference)
    .first<{ name: string; email: string; contact: string; lang: Lang }>();
  const { lang, ...prefill } = customer ?? { name: "", email: "", contact: "", lang: "en" as const };
  return { amountPaise: order.amount_paise, number: order.reference, paid: paid !== null, prefill, orderPath: orderPathIn(lang, order.reference) };
}

export type SandboxOutcome = { callback: string; webhooks: () => Promise<void> };

/**
 * Pay: a captured payment, the callback URL carrying razorpay_order_id, razorpay_payment_id and
 * razorpay_signature, and the payment.captured and order.paid webhooks (sent after the redirect, as
 * Razorpay's arrive on their own). Fail: the error callback and payment.failed. Like Razorpay, a second Pay
 * (another tab) captures a second payment. With `callbacks` dropped the browser goes to My Orders instead.
 */
export async function sandboxDecide(deps: PrimaryDeps, gatewayOrderId: string, decision: "pay" | "fail"): Promise<SandboxOutcome | null> {
  const checkout = await sandboxCheckout(deps, gatewayOrderId);
  if (!checkout) return null;
  const d1 = deps.db.$client;
  const callback = `/orders/${checkout.number}/callback`;
  const paymentId = sandboxId("pay");
  const status = decision === "pay" ? "captured" : "failed";
  await d1
    .prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, created_at) VALUES (?, 'payment', ?, ?, ?, ?)")
    .bind(paymentId, gatewayOrderId, checkout.amountPaise, status, Date.now())
    .run();
  const payment = { entity: { id: paymentId, entity: "payment", order_id: gatewayOrderId, amount: checkout.amountPaise, currency: "INR", status } };
  const dropWebhooks = await webhooksDropped(deps);
  const lostReturn = (await sandboxSetting(deps, "callbacks")) === "drop";
  let query: URLSearchParams;
  let webhooks: () => Promise<void>;
  if (decision === "fail") {
    const error = {
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      source: "customer",
      reason: "payment_failed",
      metadata: JSON.stringify({ payment_id: paymentId, order_id: gatewayOrderId }),
    };
    query = new URLSearchParams(Object.entries(error).map(([k, v]) => [`error[${k}]`, v]));
    webhooks = async () => void (await sendSandboxWebhook(deps, "payment.failed", { payment }));
  } else {
    const signature = await paymentSignature(SANDBOX_SECRETS.keySecret, gatewayOrderId, paymentId);
    query = new URLSearchParams({ razorpay_order_id: gatewayOrderId, razorpay_payment_id: paymentId, razorpay_signature: signature });
    webhooks = async () => {
      await sendSandboxWebhook(deps, "payment.captured", { payment });
      await sendSandboxWebhook(deps, "order.paid", { payment, order: { entity: { id: gatewayOrderId, amount: checkout.amountPaise, status: "paid" } } });
    };
  }
  return { callback: lostReturn ? "/orders" : `${callback}?${query}`, webhooks: dropWebhooks ? async () => {} : webhooks };
}

/** A paid link's signed return (null when the sandbox was told to lose it), or why the link took nothing. */
export type SandboxLinkPayment = { ok: true; query: URLSearchParams | null } | { ok: false; status: string };

/**
 * Pays a sandbox payment link, as Razorpay would: only while it is `created` (a cancelled, expired or paid
 * link takes nothing), then payment_link.paid and the signed return to the link's callback (either can be lost
 * on purpose, as with a checkout).
 */
export async function sandboxPayLink(deps: PrimaryDeps, linkId: string): Promise<SandboxLinkPayment | null> {
  const d1 = deps.db.$client;
  const link = await sandboxLinkRecord(deps, linkId);
  if (!link) return null;
  const taken = await d1.prepare("UPDATE sandbox_records SET status = 'paid' WHERE id = ? AND kind = 'link' AND status = 'created'").bind(linkId).run();
  if (taken.meta.changes !== 1) return { ok: false, status: (await sandboxLinkRecord(deps, linkId))?.status ?? link.status };
  const paymentId = sandboxId("pay");
  await d1
    .prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, created_at) VALUES (?, 'payment', ?, ?, 'captured', ?)")
    .bind(paymentId, linkId, link.amount_paise, Date.now())
    .run();
  const referenceId = link.reference ?? "";
  if (!(await webhooksDropped(deps))) {
    await sendSandboxWebhook(deps, "payment_link.paid", {
      payment_link: { entity: { id: linkId, amount: link.amount_paise, status: "paid", reference_id: referenceId } },
      payment: { entity: { id: paymentId, entity: "payment", order_id: null, amount: link.amount_paise, currency: "INR", status: "captured" } },
    });
  }
  if ((await sandboxSetting(deps, "callbacks")) === "drop") return { ok: true, query: null };
  const signature = await paymentLinkSignature(SANDBOX_SECRETS.keySecret, { id: linkId, referenceId, status: "paid", paymentId });
  return {
    ok: true,
    query: new URLSearchParams({
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: linkId,
      razorpay_payment_link_reference_id: referenceId,
      razorpay_payment_link_status: "paid",
      razorpay_signature: signature,
    }),
  };
}

/**
 * Fail on a link's page: like Razorpay, a failed payment is recorded against the link (payment.failed is sent)
 * and the shopper stays on the page, which can still be paid; nothing comes back to the store's callback.
 */
export async function sandboxFailLink(deps: PrimaryDeps, linkId: string): Promise<boolean> {
  const link = await sandboxLinkRecord(deps, linkId);
  if (link?.status !== "created") return false;
  const paymentId = sandboxId("pay");
  await deps.db.$client
    .prepare("INSERT INTO sandbox_records (id, kind, parent, amount_paise, status, created_at) VALUES (?, 'payment', ?, ?, 'failed', ?)")
    .bind(paymentId, linkId, link.amount_paise, Date.now())
    .run();
  if (!(await webhooksDropped(deps))) {
    const payment = { entity: { id: paymentId, entity: "payment", order_id: null, amount: link.amount_paise, currency: "INR", status: "failed" } };
    await sendSandboxWebhook(deps, "payment.failed", { payment });
  }
  return true;
}

/**
 * A sandbox link as its page shows it: amount, our order number (its reference: the number, then -A… for an
 * advance link or -B… for a balance link), its status at the gateway, and what the store asked it to show.
 */
export async function sandboxLink(deps: Pick<Deps, "db">, linkId: string) {
  const link = await sandboxLinkRecord(deps, linkId);
  if (!link) return null;
  const details = link.details ? (JSON.parse(link.details) as SandboxLinkDetails) : null;
  const number = (link.reference ?? "").replace(/-(A[0-9a-f]+|B\d*)$/, "");
  const owner = await deps.db.$client
    .prepare("SELECT u.lang AS lang FROM orders o JOIN users u ON u.id = o.user_id WHERE o.number = ?")
    .bind(number)
    .first<{ lang: Lang }>();
  return { amountPaise: link.amount_paise, number, status: link.status, details, orderPath: orderPathIn(owner?.lang ?? "en", number) };
}
