import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "~/db/schema";
import type { Deps } from "~/deps";
import { onPrimary } from "~/deps.server";
import { errorMessage, messagesFor } from "~/i18n/texts";
import { DomainError, NotFoundError } from "~/lib/errors";
import { redirectWithFlash } from "~/web/flash.server";
import { answerPrice } from "~/orders/price-answer.server";

const answerSchema = z.object({ answer: z.enum(["accept", "decline"]), version: z.coerce.number().int().positive() });

/**
 * The order page's Accept / Decline post: a plain form (the version the page showed, the button pressed). A
 * refusal is the page's own message beside the answer; an order not the user's is a 404 like any unknown one.
 */
export async function priceAnswerAction(deps: Deps, user: User, number: string, form: FormData) {
  const m = messagesFor(deps).shop.ceiling;
  const parsed = answerSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ answerError: m.errors.bad }, { status: 400 });
  try {
    const { message } = await answerPrice(onPrimary(deps), user, { number, ...parsed.data });
    return redirectWithFlash(deps, `/orders/${number}`, { type: "success", text: message });
  } catch (error) {
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    if (!(error instanceof DomainError)) throw error;
    return data({ answerError: errorMessage(error, deps) }, { status: error.status });
  }
}
