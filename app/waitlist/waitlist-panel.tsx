import { useNavigation } from "@remix-run/react";
import { quantityText, type ProductUnit } from "~/catalog/units";
import { FieldError } from "~/components/field-parts";
import { Form, Link } from "~/components/link";
import type { SubmissionResult } from "@conform-to/react";
import { useLang } from "~/web/site";
import type { WaitlistTexts } from "./schema";

/** What the product page's loader says about the waitlist (null: the product can be ordered and the shopper is not in line). */
export type WaitlistPanelData = {
  words: WaitlistTexts;
  intro: string;
  quantityHint: string;
  /** Where a signed-out visitor logs in and comes back; null when signed in. */
  loginHref: string | null;
  /** "You are 3rd in line for 2 kg.", when waiting. */
  place: string | null;
  /** What is kept for the shopper and until when, with the link to check out, when holding. */
  held: { text: string; href: string } | null;
};

type Product = { name: string; unit: ProductUnit; minQty: number; maxQty: number };

/**
 * "Tell me when it lands": a sold-out product's waitlist on its page. Plain POST forms to the page itself (join,
 * leave) that work without JavaScript; with it they submit without a full reload and the button says it is busy.
 */
export function WaitlistPanel({ data, product, lastResult }: { data: WaitlistPanelData; product: Product; lastResult?: SubmissionResult<string[]> | null }) {
  const w = data.words;
  return (
    <section aria-labelledby="waitlist-heading" className="card mt-6 p-5" data-testid="waitlist">
      <h2 id="waitlist-heading" className="text-lg font-bold">
        {w.heading}
      </h2>
      {data.held ? (
        <>
          <p role="status" className="mt-2 text-sm">
            {data.held.text}
          </p>
          <Link to={data.held.href} className="btn-primary mt-3 inline-flex w-full justify-center">
            {w.checkoutNow}
          </Link>
          <LeaveForm words={w} />
        </>
      ) : data.place ? (
        <>
          <p role="status" className="mt-2 font-semibold">
            {data.place}
          </p>
          <LeaveForm words={w} />
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{data.intro}</p>
          {data.loginHref ? (
            <Link to={data.loginHref} className="btn-dark mt-3 inline-flex w-full justify-center">
              {w.loginToJoin}
            </Link>
          ) : (
            <JoinForm words={w} product={product} hint={data.quantityHint} lastResult={lastResult} />
          )}
        </>
      )}
    </section>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * The join form, checked on the server only (the product page ships no form library for a panel most visits never
 * show): a refusal comes back beside its field with what was typed, with JavaScript or without.
 */
function JoinForm({
  words: w,
  product,
  hint,
  lastResult,
}: {
  words: WaitlistTexts;
  product: Product;
  hint: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { lang } = useLang();
  const busy = useBusy("join");
  const errors = lastResult?.error ?? {};
  const typed = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const formErrors = errors[""] ?? [];
  const fieldErrors = (name: string) => errors[name] ?? undefined;
  const choices = Array.from({ length: Math.max(0, product.maxQty - product.minQty + 1) }, (_, i) => product.minQty + i);
  return (
    <Form method="post" className="mt-3" aria-describedby={formErrors.length ? "waitlist-form-error" : undefined}>
      <input type="hidden" name="intent" value="join" />
      {formErrors.length ? (
        <p id="waitlist-form-error" role="alert" className="mb-3 rounded-xl bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100">
          {formErrors[0]}
        </p>
      ) : null}
      <label htmlFor="waitlist-quantity" className="block text-sm font-medium">
        {w.quantity}
      </label>
      <select
        id="waitlist-quantity"
        name="quantity"
        defaultValue={typeof typed.quantity === "string" ? typed.quantity : String(product.minQty)}
        aria-invalid={fieldErrors("quantity") ? true : undefined}
        aria-describedby="waitlist-quantity-hint waitlist-quantity-error"
        className="mt-1 block min-h-11 w-full rounded-xl border border-river-400 bg-white px-3 dark:bg-river-950"
      >
        {choices.map((q) => (
          <option key={q} value={q}>
            {quantityText(q, product.unit, lang)}
          </option>
        ))}
      </select>
      <p id="waitlist-quantity-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {hint}
      </p>
      <FieldError id="waitlist-quantity-error" errors={fieldErrors("quantity")} />
      <label htmlFor="waitlist-zip" className="block text-sm font-medium">
        {w.zip}
      </label>
      <input
        id="waitlist-zip"
        name="zip"
        type="text"
        required
        defaultValue={typeof typed.zip === "string" ? typed.zip : undefined}
        aria-invalid={fieldErrors("zip") ? true : undefined}
        aria-describedby="waitlist-zip-error"
        autoComplete="postal-code"
        inputMode="numeric"
        className="mt-1 block min-h-11 w-full rounded-xl border border-river-400 bg-white px-4 text-base dark:bg-river-950"
      />
      <FieldError id="waitlist-zip-error" errors={fieldErrors("zip")} />
      <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? w.joining : w.join}
      </button>
    </Form>
  );
}

function LeaveForm({ words: w }: { words: WaitlistTexts }) {
  const busy = useBusy("leave");
  return (
    <Form method="post" className="mt-3">
      <input type="hidden" name="intent" value="leave" />
      <button type="submit" className="btn-outline w-full" disabled={busy} aria-busy={busy || undefined}>
        {busy ? w.leaving : w.leave}
      </button>
    </Form>
  );
}
