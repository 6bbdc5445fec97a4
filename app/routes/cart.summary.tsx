import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { closeCartSummary } from "~/cart/actions.server";

/** Closes the floating cart summary for this browser session (a cookie), then back to the page. */
export const action = ({ request, context }: ActionFunctionArgs) => closeCartSummary(request, context);
