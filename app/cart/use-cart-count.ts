import { useFetchers } from "@remix-run/react";
import { isActionOf } from "~/i18n/lang";

/**
 * The header's cart count while cart changes are in flight: the server's count plus each pending change
 * (every cart form says the line's quantity it started `from`); 0 while the cart is being cleared. The
 * server's answer replaces it as soon as the page revalidates.
 */
export function useOptimisticCartCount(serverCount: number): number {
  const pending = useFetchers().filter((f) => isActionOf(f.formAction, "/cart") && f.formData);
  let count = serverCount;
  for (const f of pending) {
    const intent = f.formData?.get("intent");
    if (intent === "clear") return 0;
    const from = Number(f.formData?.get("from"));
    const to = intent === "remove" ? 0 : Number(f.formData?.get("quantity"));
    if (Number.isFinite(from) && Number.isFinite(to)) count += Math.max(0, to) - from;
  }
  return Math.max(0, count);
}
