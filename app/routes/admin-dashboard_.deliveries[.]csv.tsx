import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { deliveryCsv } from "~/delivery/work.server";
import { InvalidInputError } from "~/lib/errors";
import { requireAdmin } from "~/web/guards.server";

/** The paid orders of a delivery date range as a CSV download (admins only, never cached). */
export async function loader({ request, context: { deps } }: LoaderFunctionArgs) {
  await requireAdmin(request, deps);
  const url = new URL(request.url);
  const from = url.searchParams.get("from") ?? "";
  const to = url.searchParams.get("to") ?? "";
  try {
    const csv = await deliveryCsv(deps, from, to);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${from}-to-${to}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof InvalidInputError) return new Response(error.message, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw error;
  }
}
