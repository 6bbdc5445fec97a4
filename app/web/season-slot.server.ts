import { data } from "@remix-run/cloudflare";
import type { User } from "~/db/schema";
import type { Deps } from "~/deps";
import { onPrimary } from "~/deps.server";
import { errorMessage, messagesFor } from "~/i18n/texts";
import { DomainError, NotFoundError } from "~/lib/errors";
import { StaleOrderError } from "~/orders/changes.server";
import { moveOwnSlot } from "~/season/slot.server";
import { redirectWithFlash } from "~/web/flash.server";

/**
 * The order page's slot post for a filled pre-booking: moved (a flash says to when), or refused beside the slots
 * in the page's language; an order not the user's is a 404 like any unknown one.
 */
export async function slotAction(deps: Deps, user: User, number: string, form: FormData) {
  const m = messagesFor(deps).shop.orders;
  try {
    const text = await moveOwnSlot(onPrimary(deps), user, { number, version: Number(form.get("version")), slot: String(form.get("slot") ?? "") });
    return redirectWithFlash(deps, `/orders/${number}`, { type: "success", text });
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    return data({ slotError: error instanceof StaleOrderError ? m.cancelStale : errorMessage(error, deps) }, { status: error.status });
  }
}
