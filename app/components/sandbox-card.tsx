import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatRupees } from "~/lib/money";
import { sandboxMessages } from "~/i18n/pay.messages";

/** The sandbox gateway's page frame (checkout and payment link): what is being paid, then the page's buttons. */
export function SandboxCard({ label, number, amountPaise, children }: { label: string; number: string; amountPaise: number; children: ReactNode }) {
  const m = sandboxMessages;
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card border-2 border-dashed p-6 sm:p-8">
        <h1 className="font-serif text-3xl font-bold">{m.title}</h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{m.intro}</p>
        <dl className="mt-6 space-y-2">
          <div className="flex justify-between">
            <dt>{label}</dt>
            <dd className="font-semibold">{number}</dd>
          </div>
          <div className="flex justify-between text-xl">
            <dt>{m.amount}</dt>
            <dd className="font-bold">{formatRupees(amountPaise)}</dd>
          </div>
        </dl>
        {children}
      </div>
    </div>
  );
}

/** What the gateway's page says is paid for and to whom, and the customer's details the store prefilled. */
export function SandboxPrefill({ heading, prefill }: { heading: string; prefill: { name: string; email: string; contact: string } }) {
  const m = sandboxMessages;
  return (
    <>
      <p className="mt-4 font-semibold">{heading}</p>
      <dl className="mt-3 space-y-1 text-sm">
        {[
          [m.name, prefill.name],
          [m.email, prefill.email],
          [m.contact, prefill.contact],
        ].map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4">
            {/* The label keeps its width; a long e-mail address wraps instead. */}
            <dt className="shrink-0 text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="min-w-0 break-all text-right">{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

/** The sandbox's two answers, as a real gateway's page would give them: pay, or fail. */
export function SandboxDecision() {
  const m = sandboxMessages;
  return (
    <Form method="post" className="mt-8 grid grid-cols-2 gap-3">
      {/* The shared .btn-dark is 3.4:1 in the dark theme; river-300 keeps its dark text at 4.5:1 or more. */}
      <button type="submit" name="decision" value="pay" className="btn-dark dark:bg-river-300 dark:hover:bg-river-200">
        {m.pay}
      </button>
      <button type="submit" name="decision" value="fail" className="btn-outline text-red-700 dark:text-red-300">
        {m.fail}
      </button>
    </Form>
  );
}
