import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, useLoaderData } from "@remix-run/react";
import { SandboxCard } from "~/components/sandbox-card";
import { paymentDeps } from "~/orders/checkout.server";
import { sandboxEnabled } from "~/payments/gateway.server";
import { sandboxLink, sandboxPayLink } from "~/payments/sandbox.server";
import { safeRedirect } from "~/web/safe-redirect";
import { sandboxMessages } from "~/i18n/pay.messages";

export const meta: MetaFunction = () => [{ title: "Razorpay sandbox" }, { name: "robots", content: "noindex" }];

/** The sandbox's stand-in for a Razorpay payment link (the balance after weighing). */
export async function loader({ context, params }: LoaderFunctionArgs) {
  if (!sandboxEnabled(context.config)) throw new Response("Not found", { status: 404 });
  const link = await sandboxLink(paymentDeps(context), params.id ?? "");
  if (!link) throw new Response("Not found", { status: 404 });
  return { amountPaise: link.amountPaise, number: link.number, paid: link.status === "paid" };
}

export async function action({ context, params, request }: ActionFunctionArgs) {
  if (!sandboxEnabled(context.config)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const query = await sandboxPayLink(paymentDeps(context), params.id ?? "", url.searchParams.get("reference_id") ?? "");
  if (!query) throw new Response("Not found", { status: 404 });
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
  return redirect(`${path}${path.includes("?") ? "&" : "?"}${query}`, 303);
}

export default function SandboxLink() {
  const { amountPaise, number, paid } = useLoaderData<typeof loader>();
  const m = sandboxMessages;
  return (
    <SandboxCard label={m.link} number={number} amountPaise={amountPaise}>
      {paid ? null : (
        <Form method="post" className="mt-8">
          <button type="submit" className="btn-dark w-full">
            {m.pay}
          </button>
        </Form>
      )}
    </SandboxCard>
  );
}
