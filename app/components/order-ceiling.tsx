import { useActionData, useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import { format } from "~/i18n/format";
import { formatRupees } from "~/lib/money";
import type { OrderCeilingData } from "~/orders/ceiling-view";
import { useMessages } from "~/web/site";

/**
 * The order page's price limit: the most the shopper agreed to pay, and, when the weighing came in above it,
 * their answer: Accept or Decline (two plain forms, each with the version the page showed), or what they answered.
 */
export function OrderCeiling({ data }: { data: OrderCeilingData | null }) {
  const m = useMessages().shop.ceiling;
  const result = useActionData<{ answerError?: string }>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.has("answer") === true;
  if (!data) return null;
  const final = formatRupees(data.finalPaise ?? 0);
  const limit = data.limit ? formatRupees(data.limit.paise) : "";
  const error = result?.answerError;
  return (
    <section aria-labelledby="ceiling-heading" className="card mt-6 p-5 text-sm">
      <h2 id="ceiling-heading" className="font-bold">
        {m.heading}
      </h2>
      {error ? (
        <p role="alert" className="mt-2 rounded-xl bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100">
          {error}
        </p>
      ) : null}
      <p className="mt-2">
        {data.limit ? format(m.agreed, { amount: limit, estimate: formatRupees(data.estimatePaise), percent: data.limit.percent }) : m.agreedAny}
      </p>
      {data.ask ? (
        <div className="mt-4 space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <p className="font-semibold">{format(m.awaiting, { final, limit })}</p>
          <p>{format(m.dueBy, { time: data.ask.dueBy })}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Form method="post" className="sm:flex-1">
              <input type="hidden" name="version" value={data.ask.version} />
              <button type="submit" name="answer" value="accept" className="btn-primary w-full" disabled={busy}>
                {busy ? m.answering : format(m.accept, { amount: final })}
              </button>
            </Form>
            <Form method="post" className="sm:flex-1">
              <input type="hidden" name="version" value={data.ask.version} />
              <p className="mb-2 text-xs">{m.declineConfirm}</p>
              <button type="submit" name="answer" value="decline" className="btn-outline w-full text-red-700 dark:text-red-300" disabled={busy}>
                {m.decline}
              </button>
            </Form>
          </div>
        </div>
      ) : data.answer === "accepted" ? (
        <p className="mt-2 font-semibold">{format(m.accepted, { amount: final })}</p>
      ) : data.answer === "declined" ? (
        <p className="mt-2 font-semibold">{format(m.declined, { amount: final })}</p>
      ) : data.answer === "timed_out" ? (
        <p className="mt-2 font-semibold">{format(m.timedOut, { amount: final })}</p>
      ) : data.late ? (
        <p className="mt-2 font-semibold">{m.errors.late}</p>
      ) : null}
    </section>
  );
}
