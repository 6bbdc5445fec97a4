import type * as English from "../bids.messages";
import type { Translation } from "./translation";

/** The auction Worker's answers to a bid, in Telugu. */
export const bidMessages: Translation<typeof English.bidMessages> = {
  login: "బిడ్ వేయడానికి దయచేసి లాగిన్ అవ్వండి",
  success: "మీ బిడ్ నమోదైంది!",
  placedOutbid: "మీ బిడ్ నమోదైంది, కానీ మరో బిడ్డర్ గరిష్ఠ మొత్తం ఎక్కువ: మీ కంటే ఎక్కువ బిడ్ వచ్చింది.",
  higher: "బిడ్ మొత్తం ప్రస్తుత ధర కంటే ఎక్కువగా ఉండాలి",
  minimum: "కనీస బిడ్ {amount}",
  notLive: "ఈ వేలంలో ఇప్పుడు బిడ్‌లు తీసుకోవడం లేదు",
  ended: "వేలం ముగిసింది",
  seller: "అడ్మిన్‌లు, అమ్మకందారు ఈ వేలంలో బిడ్ వేయలేరు",
  leading: "అత్యధిక బిడ్ ఇప్పటికే మీదే",
  tooFast: "మళ్లీ బిడ్ వేసే ముందు ఒక్క క్షణం ఆగండి",
  wholeRupees: "మొత్తాన్ని పూర్తి రూపాయల్లో నమోదు చేయండి",
  maxBelowBid: "మీ గరిష్ఠ మొత్తం కనీసం మీ బిడ్ అంత ఉండాలి",
  tooHigh: "ఇప్పుడు బిడ్ గరిష్ఠంగా {amount} వరకు వేయవచ్చు (కనీస బిడ్‌కు పది రెట్లు)",
  notFound: "వేలం కనబడలేదు",
};
