import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SandboxCard, SandboxPrefill, SandboxDecision } from "~/components/sandbox-card";
import { sandboxEnabled } from "~/payments/gateway.server";
import { sandboxFailLink, sandboxLink, sandboxPayLink } from "~/payments/sandbox.server";
import { safeRedirect } from "~/web/safe-redirect";
import { payMessages, sandboxMessages } from "~/i18n/pay.messages";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction = ({ matches }) => privateMeta("Razorpay sandbox", matches);

/**
 * The sandbox's stand-in for a Razorpay payment link: the ₹500 advance of a checkout without JavaScript, or
 * the balance after weighing. It shows what the store asked for (what for, the seller, the customer's details).
 */
export async function loader({ context: { deps }, params, request }: LoaderFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const link = await sandboxLink(deps, params.id ?? "");
  if (!link) throw new Response("Not found", { status: 404 });
  return { ...link, failed: new URL(request.url).searchParams.has("failed") };
}

export async function action({ context: { deps }, params, request }: ActionFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  url.searchParams.delete("failed");
  const again = () => url.pathname + url.search;
  if ((await request.formData()).get("decision") === "fail") {
    // Like Razorpay's page, a failed payment keeps the shopper here, where the link can still be paid.
    if (!(await sandboxFailLink(onPrimary(deps), params.id ?? ""))) return redirect(again(), 303);
    url.searchParams.set("failed", "1");
    return redirect(again(), 303);
  }
  const paid = await sandboxPayLink(onPrimary(deps), params.id ?? "");
  if (!paid) throw new Response("Not found", { status: 404 });
  // Like Razorpay, a cancelled, expired or already paid link takes nothing: the page says why.
  if (!paid.ok) return redirect(again(), 303);
  // A lost return: the browser ends up in My Orders, and only the webhooks or the scheduled job tell the store.
  if (!paid.query) return redirect("/orders", 303);
  // Back to the link's callback on our own origin, with Razorpay's query (signed as Razorpay signs it).
  const callback = url.searchParams.get("callback_url");
  let path = "/orders";
  if (callback) {
    try {
      const target = new URL(callback, url.origin);
      if (target.origin === url.origin) path = safeRedirect(target.pathname + target.search, "/orders");
    } catch {
      path = "/orders";
    }
  }
  return redirect(`${path}${path.includes("?") ? "&" : "?"}${paid.query}`, 303);
}

export default function SandboxLink() {
  const { amountPaise, number, status, details, failed, orderPath } = useLoaderData<typeof loader>();
  const m = sandboxMessages;
  return (
    <SandboxCard label={m.link} number={number} amountPaise={amountPaise}>
      {details ? (
        <SandboxPrefill heading={details.businessName ? `${details.businessName} · ${details.description}` : details.description} prefill={details.customer} />
      ) : null}
      {status === "created" ? (
        <>
          {failed ? (
            <div role="alert" className="mt-6 rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
              <p className="font-semibold">{m.failed}</p>
              <p className="mt-1">{m.failedText}</p>
            </div>
          ) : null}
          <SandboxDecision />
        </>
      ) : (
        <div role="status" className="mt-8">
          <h2 className="text-xl font-bold">{status === "paid" ? payMessages.alreadyPaid : payMessages.linkClosed}</h2>
          <p className="mt-2 text-sm">{status === "paid" ? payMessages.alreadyPaidText : payMessages.linkClosedText}</p>
          <Link to={orderPath} className="btn-outline mt-4 inline-flex">
            {payMessages.viewOrder}
          </Link>
        </div>
      )}
    </SandboxCard>
  );
}
