import { CLAIM_WINDOW_MS, MAX_CLAIM_FILES } from "../../../claims/rules";
import { DELIVERY_WINDOW_DAYS, formatSlotHours, SLOT_CUTOFF_MS } from "../../../delivery/slots";
import { checkoutMessages } from "../../../i18n/te/checkout.messages";
import { claimMessages } from "../../../i18n/te/claims.messages";
import { formatHours, withZone } from "../../../lib/dates";
import { AUCTION_PAY_MS, PINCODE_PREFIXES } from "../../../orders/rules";
import { CANCELLABLE_UNTIL, FULFILMENT } from "../../../orders/status";
import { ADVANCE } from "../../policies/facts";

/**
 * The shared policy facts in Telugu. The advance and the date are the English module's own values; the worded facts
 * carry the same numbers in the same order as their English counterparts (the content tests compare them), and like
 * them are built from the values the store's code enforces, with the labels the Telugu pages show.
 */
export { ADVANCE, UPDATED_ON } from "../../policies/facts";

const HOUR_MS = 60 * 60_000;

export const SEASON_HOURS = `${withZone(formatHours(8, 20, "te"))}, సోమవారం నుంచి ఆదివారం వరకు`;
export const OFF_SEASON_HOURS = `${withZone(formatHours(10, 18, "te"))}, సోమవారం నుంచి శనివారం వరకు`;

export const MORNING_SLOT = withZone(formatSlotHours("morning", "te"));
export const EVENING_SLOT = withZone(formatSlotHours("evening", "te"));

export const SLOT_CHOICE =
  `డెలివరీ తేదీని, స్లాట్‌ను చెక్‌అవుట్‌లో మీరే ఎంచుకుంటారు: ఈరోజు గానీ, తర్వాతి ${DELIVERY_WINDOW_DAYS - 1} రోజుల్లో చేపలు ` +
  `మిగిలి ఉన్న రోజు గానీ. ఒక స్లాట్‌లో చోటు ఉన్నంత వరకు, అది మొదలయ్యే ${SLOT_CUTOFF_MS / HOUR_MS} గంటల ముందు వరకు బుక్ చేసుకోవచ్చు.`;

export const REFUND_TIME = "ఆమోదించిన 5 నుంచి 7 పని దినాల్లోగా";

export const SHIPPING = "మేం సేవలు అందించే ప్రతి చిరునామాకూ డెలివరీ ఉచితం: డెలివరీ ఛార్జీ గానీ, దూరాన్ని బట్టి ఫీజు గానీ లేదు.";

const pincodes = (state: keyof typeof PINCODE_PREFIXES) => `${PINCODE_PREFIXES[state].from}000–${PINCODE_PREFIXES[state].to}999`;
const states = checkoutMessages.states;

export const SERVICE_AREA =
  `మేం ${states.Telangana} (పిన్‌కోడ్‌లు ${pincodes("Telangana")}), ${states["Andhra Pradesh"]} (పిన్‌కోడ్‌లు ` +
  `${pincodes("Andhra Pradesh")}) చిరునామాలకు మాత్రమే డెలివరీ చేస్తాం. మీ పిన్‌కోడ్‌ను, అది మీరు ఎంచుకున్న రాష్ట్రానిదేనా ` +
  "అన్నదాన్ని చెక్‌అవుట్ మీరు చెల్లించే ముందే సరిచూస్తుంది.";

export const ADVANCE_REFUND = `చేప దొరక్కపోయినా, డెలివరీ చేయలేకపోయినా ${ADVANCE} అడ్వాన్స్‌ను పూర్తిగా రీఫండ్ చేస్తాం.`;

export const BALANCE = "బ్యాలెన్స్ (మిగతా మొత్తం, అంటే తుది ధర నుంచి అడ్వాన్స్ తీసేయగా మిగిలేది) మేం పంపే చెల్లింపు లింక్ ద్వారా గానీ, డెలివరీ " + "సమయంలో నగదుగా గానీ చెల్లిస్తారు.";

/** The order page's label of the step from which an order can no longer be cancelled: ‘షిప్ అయింది’. */
const cancelledUntil = checkoutMessages.status.labels[CANCELLABLE_UNTIL];

export const CANCEL =
  `‘నా ఆర్డర్లు’లో ఆర్డర్ పేజీలోని ‘${checkoutMessages.orders.cancelTitle}’తో ఆర్డర్‌ను మీరే రద్దు చేయవచ్చు; ఆర్డర్ ` +
  `స్థితి ‘${cancelledUntil}’ అని మారే వరకు. ఆ ఆర్డర్‌కు మీరు చెల్లించినదంతా, చెల్లించిన పద్ధతిలోనే రీఫండ్ చేస్తాం.`;

/** "within 2 hours": Telugu says the hours with their postposition. */
export const CLAIM_HOURS = `${CLAIM_WINDOW_MS / HOUR_MS} గంటల్లోపు`;

export const CLAIM =
  "చేప దెబ్బతిని వచ్చినా, వేరే వస్తువు వచ్చినా, లేదా ఆర్డర్ పేజీ డెలివరీ అయిందని చూపిస్తున్నా మీకు ఏమీ అందకపోయినా, " +
  `డెలివరీ అయిన ${CLAIM_HOURS} ‘నా ఆర్డర్లు’లో ఆ ఆర్డర్ పేజీలోని ‘${claimMessages.report}’ నొక్కండి. సమస్యను ` +
  `వివరించి, ${MAX_CLAIM_FILES} వరకు ఫోటోలు లేదా వీడియోలు జత చేయండి (చేప దెబ్బతిన్నా, వేరే వస్తువు వచ్చినా కనీసం ఒకటి).`;

export const AUCTION_LOT =
  `వేలంలో గెలిచిన లాట్‌ను తూకం వేయకుండా, గెలిచిన ధరకే మొత్తంగా అమ్ముతాం. గెలిచినవారు ${ADVANCE} అడ్వాన్స్‌ను వేలం ` +
  `ముగిసిన ${AUCTION_PAY_MS / HOUR_MS} గంటల్లోగా ‘నా ఆర్డర్లు’ నుంచి చెల్లించాలి; బ్యాలెన్స్ (గెలిచిన ధర నుంచి ` +
  "అడ్వాన్స్ తీసేయగా మిగిలేది) మేం పంపే చెల్లింపు లింక్ ద్వారా గానీ, డెలివరీ సమయంలో నగదుగా గానీ చెల్లిస్తారు.";

/** The steps an order goes through, by the labels its page shows. */
export const ORDER_STEPS = FULFILMENT.map((status) => `‘${checkoutMessages.status.labels[status]}’`).join(", ");
