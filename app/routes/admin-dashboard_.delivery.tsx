import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/web/guards.server";

/** The slots' capacities are set on the catch screen, beside each date's catch: an old link lands there. */
export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  return redirect("/admin-dashboard/catch", 301);
}
