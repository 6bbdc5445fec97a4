import { postWatching } from "~/auctions/auctions.server";
import type { Deps } from "~/deps";
import { format } from "~/i18n/format";
import { messagesFor, sectionsFor } from "~/i18n/texts";
import { messagePhone } from "~/messaging/en-route";
import { redirectWithFlash } from "./flash.server";

/** The minutes before an auction's end its reminder goes, as the page says them. */
export const reminderMinutes = (config: { auctionReminderMs: number }) => Math.round(config.auctionReminderMs / 60_000);

/**
 * Watch / Stop watching, as a plain form: the auction Worker decides, the answer comes back as a toast. `texts`:
 * the box to be texted when outbid was ticked, which needs a phone on the account.
 */
export async function watchAction(deps: Deps, request: Request, id: number, watch: boolean, texts = false) {
  const live = sectionsFor(deps).live;
  const here = `/auctions/${id}`;
  if (!deps.user) return redirectWithFlash(deps, here, { type: "error", text: live.loginToWatch });
  if (watch && texts && !messagePhone(deps.user.phone)) return redirectWithFlash(deps, here, { type: "error", text: live.textsNeedPhone });
  const outcome = await postWatching(deps, request.headers.get("Cookie") ?? "", id, watch, texts);
  if (outcome === "notFound") return redirectWithFlash(deps, "/auctions", { type: "error", text: live.watchNotFound });
  if (outcome === "ended") return redirectWithFlash(deps, here, { type: "error", text: live.watchEnded });
  if (outcome === "failed") return redirectWithFlash(deps, here, { type: "error", text: messagesFor(deps).auctions.failed });
  const minutes = String(reminderMinutes(deps.config));
  const text = outcome === "stopped" ? live.watchOff : format(outcome === "texting" ? live.watchOnTexts : live.watchOn, { minutes });
  return redirectWithFlash(deps, here, { type: "success", text });
}
