import type * as English from "../address.messages";
import type { Translation } from "./translation";

/** Saved addresses (the checkout's choice of a saved address, the profile's list, edit and delete), in Telugu. */
export const addressMessages: Translation<typeof English.addressMessages> = {
  choiceLegend: "ఎక్కడికి డెలివరీ చేయాలి",
  newAddress: "కొత్త చిరునామా",
  savedNotice: "చెక్‌అవుట్‌లో మీరు వాడే చిరునామా తర్వాతి సారి కోసం మీ ఖాతాలో సేవ్ అవుతుంది.",
  notYours: "సేవ్ చేసిన ఆ చిరునామా మీ ఖాతాలో లేదు. దయచేసి వేరే చిరునామా ఎంచుకోండి.",
  unusable: "సేవ్ చేసిన మీ చిరునామాను ఇక వాడలేం: {problem} దయచేసి మీ ప్రొఫైల్‌లో దాన్ని ఎడిట్ చేయండి, లేదా కొత్త చిరునామా నమోదు చేయండి.",
  heading: "సేవ్ చేసిన చిరునామాలు",
  intro: "మీ ఆర్డర్ల చిరునామాలు, చెక్‌అవుట్‌లో ఎంచుకోవడానికి. మీరు ఇటీవల వాడిన {max} చిరునామాలను ఉంచుతాం.",
  empty: "ఇంకా సేవ్ చేసిన చిరునామాలు లేవు. మీ తర్వాతి ఆర్డర్ చిరునామా ఇక్కడ సేవ్ అవుతుంది.",
  lastUsed: "చివరిగా వాడింది",
  edit: "ఎడిట్",
  editLabel: "{name}, {address} చిరునామాను ఎడిట్ చేయండి",
  delete: "తొలగించండి",
  deleteLabel: "{name}, {address} చిరునామాను తొలగించండి",
  deleteQuestion: "ఈ చిరునామాను తొలగించాలా? మీ ఆర్డర్లలో దీని కాపీ అలాగే ఉంటుంది.",
  deleteConfirm: "అవును, ఈ చిరునామా తొలగించండి",
  deleting: "తొలగిస్తున్నాం...",
  deleted: "చిరునామా తొలగించాం.",
  editTitle: "చిరునామా ఎడిట్ చేయండి",
  save: "చిరునామా సేవ్ చేయండి",
  saving: "సేవ్ చేస్తున్నాం...",
  saved: "చిరునామా సేవ్ అయింది.",
  duplicate: "ఈ చిరునామా ఇప్పటికే మీ ఖాతాలో సేవ్ అయి ఉంది.",
  backToProfile: "← నా ప్రొఫైల్‌కు వెనక్కి",
};
