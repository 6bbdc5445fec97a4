import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { SandboxCard } from "~/components/sandbox-card";
import { sandboxEnabled } from "~/payments/gateway.server";
import { sandboxLink, sandboxPayLink } from "~/payments/sandbox.server";
import { safeRedirect } from "~/web/safe-redirect";
import { payMessages, sandboxMessages } from "~/i18n/pay.messages";
import { privateMeta } from "~/web/meta";

export const meta: MetaFunction = ({ matches }) => privateMeta("Razorpay sandbox", matches);

/** The sandbox's stand-in for a Razorpay payment link (the balance after weighing). */
export async function loader({ context: { deps }, params }: LoaderFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const link = await sandboxLink(deps, params.id ?? "");
  if (!link) throw new Response("Not found", { status: 404 });
  return link;
}

export async function action({ context: { deps }, params, request }: ActionFunctionArgs) {
  if (!sandboxEnabled(deps.config)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const paid = await sandboxPayLink(deps, params.id ?? "");
  if (!paid) throw new Response("Not found", { status: 404 });
  // Like Razorpay, a cancelled, expired or already paid link takes nothing: the page says why.
  if (!paid.ok) return redirect(url.pathname + url.search, 303);
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
  const { amountPaise, number, status } = useLoaderData<typeof loader>();
  const m = sandboxMessages;
  return (
    <SandboxCard label={m.link} number={number} amountPaise={amountPaise}>
      {status === "created" ? (
        <Form method="post" className="mt-8">
          <button type="submit" className="btn-dark w-full">
            {m.pay}
          </button>
        </Form>
      ) : (
        <div role="status" className="mt-8">
          <h2 className="text-xl font-bold">{status === "paid" ? payMessages.alreadyPaid : payMessages.linkClosed}</h2>
          <p className="mt-2 text-sm">{status === "paid" ? payMessages.alreadyPaidText : payMessages.linkClosedText}</p>
          <Link to={`/orders/${number}`} className="btn-outline mt-4 inline-flex">
            {payMessages.viewOrder}
          </Link>
        </div>
      )}
    </SandboxCard>
  );
}
