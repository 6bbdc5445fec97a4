import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SandboxCard, SandboxPrefill, SandboxDecision } from "~/components/sandbox-card";
import { sandboxEnabled } from "~/payments/gateway.server";
import { sandboxCheckout, sandboxDecide } from "~/payments/sandbox.server";
import { payMessages, sandboxMessages } from "~/i18n/pay.messages";
import { privateMeta } from "~/web/meta";
import { onPrimary } from "~/deps.server";

export const meta: MetaFunction = ({ matches }) => privateMeta("Razorpay sandbox", matches);

/**
 * The sandbox's stand-in for Razorpay's payment page (development and tests only, 404 otherwise): what is
 * paid, to whom, prefilled with the customer's details. Once paid it says so and offers nothing to pay.
 */
export async function loader({ context: { deps }, params }: LoaderFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const payment = await sandboxCheckout(deps, params.id ?? "");
  if (!payment) throw new Response("Not found", { status: 404 });
  return { ...payment, brand: deps.config.brand };
}

export async function action({ context: { deps, cloudflare }, params, request }: ActionFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const decision = (await request.formData()).get("decision");
  if (decision !== "pay" && decision !== "fail") throw new Response("Bad request", { status: 400 });
  const outcome = await sandboxDecide(onPrimary(deps), params.id ?? "", decision);
  if (!outcome) throw new Response("Not found", { status: 404 });
  // Razorpay's webhooks arrive on their own, often while the shopper's browser is still on its way back.
  cloudflare.ctx.waitUntil(outcome.webhooks().catch((error) => console.error("sandbox webhook failed", error)));
  return redirect(outcome.callback, 303);
}

export default function SandboxCheckout() {
  const { amountPaise, number, paid, prefill, brand, orderPath } = useLoaderData<typeof loader>();
  const m = sandboxMessages;
  return (
    <SandboxCard label={m.order} number={number} amountPaise={amountPaise}>
      <SandboxPrefill heading={`${brand} · ${payMessages.description}`} prefill={prefill} />
      {paid ? (
        <div role="status" className="mt-8">
          <h2 className="text-xl font-bold">{payMessages.alreadyPaid}</h2>
          <p className="mt-2 text-sm">{payMessages.alreadyPaidText}</p>
          <Link to={orderPath} className="btn-outline mt-4 inline-flex">
            {payMessages.viewOrder}
          </Link>
        </div>
      ) : (
        <SandboxDecision />
      )}
    </SandboxCard>
  );
}
