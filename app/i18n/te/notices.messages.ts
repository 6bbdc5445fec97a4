import type * as English from "../notices.messages";
import type { Translation } from "./translation";

/** The notices about auctions (won, ended, cancelled, outbid, offered, lapsed, withdrawn, the reminder before the end), in Telugu. */
export const auctionNoticeMessages: Translation<typeof English.auctionNoticeMessages> = {
  wonTitle: "వేలంలో మీరు గెలిచారు!",
  won: '"{title}" వేలంలో {price}కు మీరు గెలిచారు. మీ ఆర్డర్ {number} ఖరారు కావాలంటే 24 గంటల్లోగా {advance} అడ్వాన్స్ చెల్లించండి.',
  endedTitle: "వేలం ముగిసింది",
  ended: '"{title}" వేలం {price} వద్ద ముగిసింది. బిడ్ వేసినందుకు ధన్యవాదాలు.',
  cancelledTitle: "వేలం రద్దయింది",
  cancelled: '"{title}" వేలం రద్దయింది: {reason}',
  outbidTitle: "మీ కంటే ఎక్కువ బిడ్ వచ్చింది",
  outbid: '"{title}"పై ఎవరో {price} బిడ్ వేశారు. మళ్లీ బిడ్ వేయడానికి వేలం పేజీ తెరవండి.',
  offerTitle: "ఒక లాట్ మీకు ఇస్తున్నాం",
  offer:
    '"{title}" వేలంలో గెలిచినవారు సమయానికి చెల్లించలేదు, అందుకే ఈ లాట్‌ను మీ అత్యధిక బిడ్ {price}కు మీకు ఇస్తున్నాం. దీన్ని తీసుకోవాలంటే 24 గంటల్లోగా {advance} అడ్వాన్స్ చెల్లించండి: ఆర్డర్ {number}.',
  lapsedTitle: "చెల్లించే సమయం ముగిసింది",
  lapsed: '"{title}" కోసం {advance} అడ్వాన్స్ 24 గంటల్లోగా చెల్లించనందున ఆర్డర్ {number} రద్దయింది; తర్వాతి అత్యధిక బిడ్డర్ ఉంటే లాట్ వారికి వెళ్తుంది. మీ నుంచి ఏమీ తీసుకోలేదు.',
  reminderTitle: "వేలం త్వరలో ముగుస్తుంది",
  reminder: '"{title}" వేలం ఇంకా {minutes} నిమిషాల్లో ముగుస్తుంది; ప్రస్తుత బిడ్ {price}. చివరి నిమిషాల్లో బిడ్ వస్తే ముగింపు సమయం పొడిగిస్తాం.',
  stoppedTitle: "ఆఫర్‌ను వెనక్కి తీసుకున్నాం",
  stopped: '"{title}" ఆఫర్‌ను స్టోర్ వెనక్కి తీసుకుంది, అందుకే ఆర్డర్ {number} రద్దయింది. మీ నుంచి ఏమీ తీసుకోలేదు.',
  receipt: "బిడ్‌ల రికార్డులో మీ బిడ్ రసీదు: నం. {seq} · {hash}.",
};
