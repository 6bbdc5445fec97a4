import { useNavigate } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useRef, type ReactNode } from "react";

/**
 * A panel over the admin's order list. It is a page of its own (its URL works without JavaScript, and the
 * server renders it over the list); with JavaScript, Escape closes it and focus moves into it on opening.
 */
export function OrderDialog({
  labelledBy,
  closeTo,
  closeLabel,
  closeAllLabel,
  children,
}: {
  labelledBy: string;
  closeTo: string;
  closeLabel: string;
  closeAllLabel: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && navigate(closeTo, { preventScrollReset: true });
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="fixed inset-0 z-50 flex justify-center overflow-y-auto bg-river-950/60 p-2 sm:p-6">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className="my-auto w-full max-w-4xl rounded-2xl bg-river-50 p-4 shadow-2xl outline-none sm:p-8 dark:bg-river-950"
      >
        <div className="flex items-center justify-between gap-3">
          <Link to={closeTo} className="link" preventScrollReset>
            {closeLabel}
          </Link>
          <Link
            to={closeTo}
            preventScrollReset
            aria-label={closeAllLabel}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-2xl hover:bg-river-100 dark:hover:bg-river-800"
          >
            <span aria-hidden="true">×</span>
          </Link>
        </div>
        {children}
      </div>
    </div>
  );
}
