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
