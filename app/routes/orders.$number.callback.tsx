import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { settleReturn } from "~/payments/pay-page.server";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound } from "~/web/guards.server";

/** The gateway's return: POST from Razorpay (Checkout, hosted checkout), GET from the sandbox and cancel_url. */
export async function loader({ context: { deps }, params, request }: LoaderFunctionArgs) {
  const { to, toast } = await orNotFound(settleReturn(deps, params.number, new URL(request.url).searchParams));
  return redirectWithFlash(deps, to, toast, { status: 303 });
}

export async function action({ context: { deps }, params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string") fields.append(k, v);
  const { to, toast } = await orNotFound(settleReturn(deps, params.number, fields));
  return redirectWithFlash(deps, to, toast, { status: 303 });
}
