import type * as English from "../notices.messages";
import type { Translation } from "./translation";

/** The notices about auctions (won, ended, cancelled, outbid), in Telugu. */
export const auctionNoticeMessages: Translation<typeof English.auctionNoticeMessages> = {
  wonTitle: "వేలంలో మీరు గెలిచారు!",
  won: '"{title}" వేలంలో {price}కు మీరు గెలిచారు. మీ ఆర్డర్ {number} ఖరారు కావాలంటే 24 గంటల్లోగా {advance} అడ్వాన్స్ చెల్లించండి.',
  endedTitle: "వేలం ముగిసింది",
  ended: '"{title}" వేలం {price} వద్ద ముగిసింది. బిడ్ వేసినందుకు ధన్యవాదాలు.',
  cancelledTitle: "వేలం రద్దయింది",
  cancelled: '"{title}" వేలం రద్దయింది: {reason}',
  outbidTitle: "మీ కంటే ఎక్కువ బిడ్ వచ్చింది",
  outbid: '"{title}"పై ఎవరో {price} బిడ్ వేశారు. మళ్లీ బిడ్ వేయడానికి వేలం పేజీ తెరవండి.',
};
