import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { SandboxCard } from "~/components/sandbox-card";
import { paymentDeps } from "~/orders/checkout.server";
import { sandboxEnabled } from "~/payments/gateway.server";
import { sandboxCheckout, sandboxDecide } from "~/payments/sandbox.server";
import { sandboxMessages } from "~/i18n/pay.messages";

export const meta: MetaFunction = () => [{ title: "Razorpay sandbox" }, { name: "robots", content: "noindex" }];

/** The sandbox's stand-in for Razorpay's payment page: development and tests only, 404 otherwise. */
export async function loader({ context, params }: LoaderFunctionArgs) {
  if (!sandboxEnabled(context.config)) throw new Response("Not found", { status: 404 });
  const payment = await sandboxCheckout(paymentDeps(context), params.id ?? "");
  if (!payment) throw new Response("Not found", { status: 404 });
  return { id: params.id ?? "", amountPaise: payment.amountPaise, number: payment.number };
}

export async function action({ context, params, request }: ActionFunctionArgs) {
  if (!sandboxEnabled(context.config)) throw new Response("Not found", { status: 404 });
  const decision = (await request.formData()).get("decision");
  if (decision !== "pay" && decision !== "fail") throw new Response("Bad request", { status: 400 });
  const deps = paymentDeps(context);
  const outcome = await sandboxDecide(deps, params.id ?? "", decision);
  if (!outcome) throw new Response("Not found", { status: 404 });
  // Razorpay's webhooks arrive on their own, often while the shopper's browser is still on its way back.
  context.cloudflare.ctx.waitUntil(outcome.webhooks().catch((error) => console.error("sandbox webhook failed", error)));
  return redirect(outcome.callback, 303);
}

export default function SandboxCheckout() {
  const { amountPaise, number } = useLoaderData<typeof loader>();
  const m = sandboxMessages;
  return (
    <SandboxCard label={m.order} number={number} amountPaise={amountPaise}>
      <Form method="post" className="mt-8 grid grid-cols-2 gap-3">
        <button type="submit" name="decision" value="pay" className="btn-dark">
          {m.pay}
        </button>
        <button type="submit" name="decision" value="fail" className="btn-outline text-red-700 dark:text-red-300">
          {m.fail}
        </button>
      </Form>
    </SandboxCard>
  );
}
