import { ADVANCE } from "../../policies/facts";

/**
 * The shared policy facts in Telugu. The advance and the date are the English module's own values; the worded facts
 * carry the same numbers in the same order as their English counterparts (the content tests compare them).
 */
export { ADVANCE, UPDATED_ON } from "../../policies/facts";

export const SEASON_HOURS = "సోమవారం నుంచి ఆదివారం వరకు, ఉదయం 8:00 నుంచి రాత్రి 8:00 వరకు (భారత కాలమానం)";
export const OFF_SEASON_HOURS = "సోమవారం నుంచి శనివారం వరకు, ఉదయం 10:00 నుంచి సాయంత్రం 6:00 వరకు (భారత కాలమానం)";

export const MORNING_SLOT = "ఉదయం 7:00 నుంచి 11:00 వరకు";
export const EVENING_SLOT = "మధ్యాహ్నం 3:00 నుంచి రాత్రి 8:00 వరకు";

export const REFUND_TIME = "ఆమోదం తెలిపిన 5 నుంచి 7 పని దినాల్లోగా";

export const SHIPPING = "మేం సేవలు అందించే ప్రాంతాల్లో షిప్పింగ్ ఉచితం; మీ చిరునామాకు ఎప్పుడైనా దూరాన్ని బట్టి ఛార్జీ వర్తిస్తే, అది మీరు " + "చెల్లించే ముందే చెక్‌అవుట్‌లో కనిపిస్తుంది.";

export const SERVICE_AREA = "మేం ఆంధ్రప్రదేశ్, తెలంగాణల్లోని చిరునామాలకు మాత్రమే డెలివరీ చేస్తాం. మీ పిన్‌కోడ్ మేం సేవలు అందించగల ప్రాంతం " + "బయట ఉంటే, మీరు చెల్లించే ముందే చెక్‌అవుట్ ఆ విషయం చెబుతుంది.";

export const ADVANCE_REFUND = `చేప దొరక్కపోయినా, డెలివరీ చేయలేకపోయినా ${ADVANCE} అడ్వాన్స్‌ను పూర్తిగా తిరిగి చెల్లిస్తాం.`;
