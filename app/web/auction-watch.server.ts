import { postWatching } from "~/auctions/auctions.server";
import type { Deps } from "~/deps";
import { format } from "~/i18n/format";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { redirectWithFlash } from "./flash.server";

/** The minutes before an auction's end its reminder goes, as the page says them. */
export const reminderMinutes = (config: { auctionReminderMs: number }) => Math.round(config.auctionReminderMs / 60_000);

/** Watch / Stop watching, as a plain form: the auction Worker decides, the answer comes back as a toast. */
export async function watchAction(deps: Deps, request: Request, id: number, watch: boolean) {
  const live = sectionsFor(deps).live;
  const here = `/auctions/${id}`;
  if (!deps.user) return redirectWithFlash(deps, here, { type: "error", text: live.loginToWatch });
  const outcome = await postWatching(deps, request.headers.get("Cookie") ?? "", id, watch);
  if (outcome === "notFound") return redirectWithFlash(deps, "/auctions", { type: "error", text: live.watchNotFound });
  if (outcome === "ended") return redirectWithFlash(deps, here, { type: "error", text: live.watchEnded });
  if (outcome === "failed") return redirectWithFlash(deps, here, { type: "error", text: messagesFor(deps).auctions.failed });
  const text = outcome === "watching" ? format(live.watchOn, { minutes: String(reminderMinutes(deps.config)) }) : live.watchOff;
  return redirectWithFlash(deps, here, { type: "success", text });
}
