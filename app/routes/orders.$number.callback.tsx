import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { orders, users } from "~/db/schema";
import type { Deps } from "~/deps";
import { settleReturn } from "~/payments/pay-page.server";
import { redirectWithFlash } from "~/web/flash.server";
import { orNotFound } from "~/web/guards.server";
import { onPrimary } from "~/deps.server";

/**
 * The gateway's return comes to an English path and without a session: the customer is answered in their
 * account's language (the page they land on and its toast), read from the order's owner.
 */
async function inCustomersLang<D extends Deps>(deps: D, number: string | undefined): Promise<D> {
  if (!number) return deps;
  const [row] = await deps.db.select({ lang: users.lang }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.number, number)).limit(1);
  return row ? { ...deps, lang: row.lang } : deps;
}

async function answer(deps: Deps, number: string | undefined, fields: URLSearchParams) {
  const customer = await inCustomersLang(onPrimary(deps), number);
  const { to, toast } = await orNotFound(settleReturn(customer, number, fields));
  return redirectWithFlash(customer, to, toast, { status: 303 });
}

/** The gateway's return: POST from Razorpay (Checkout, hosted checkout), GET from the sandbox, payment links and cancel_url. */
export async function loader({ context: { deps }, params, request }: LoaderFunctionArgs) {
  return answer(deps, params.number, new URL(request.url).searchParams);
}

export async function action({ context: { deps }, params, request }: ActionFunctionArgs) {
  const form = await request.formData();
  const fields = new URLSearchParams();
  for (const [k, v] of form) if (typeof v === "string") fields.append(k, v);
  return answer(deps, params.number, fields);
}
