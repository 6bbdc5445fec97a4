import type * as English from "../product-page.messages";
import type { Translation } from "./translation";

/** A product page's words about paying, limits, stock and delivery, in Telugu. */
export const productPageMessages: Translation<typeof English.productPageMessages> = {
  back: "← అన్ని ఉత్పత్తులు",
  morePhotos: "మరిన్ని ఫోటోలు",
  was: "పాత ధర",
  youSave: "మీకు {amount} ఆదా",
  estimateKg: "{qty}: ఇప్పుడు ₹500, తూకం వేసిన తర్వాత బ్యాలెన్స్ సుమారు {balance}.",
  estimatePack: "{qty}: ఇప్పుడు ₹500, తర్వాత బ్యాలెన్స్ {balance}.",
  estimateCovered: "{qty}: ₹500 అడ్వాన్స్‌తోనే ధర పూర్తవుతుంది; మిగిలినది రీఫండ్ చేస్తాం.",
  upTo: "ఒక్కో ఆర్డర్‌కు గరిష్ఠంగా {max}",
  howHeading: "చెల్లింపు ఎలా జరుగుతుంది",
  advance: "మీ {product}ను రిజర్వ్ చేసుకోవడానికి ఇప్పుడు ₹500 టోకెన్ అడ్వాన్స్ చెల్లించండి.",
  balanceKg: "చేపలు పట్టిన తర్వాత మీ చేపను తూకం వేస్తాం. తుది ధర = కిలోకు {price} × అసలు బరువు; బ్యాలెన్స్ (తుది ధర − ₹500) చెల్లింపు లింక్ ద్వారా గానీ, డెలివరీ సమయంలో నగదుగా గానీ చెల్లించండి.",
  balancePack: "తుది ధర = ప్యాక్‌కు {price} × మీరు ఆర్డర్ చేసిన ప్యాక్‌లు; బ్యాలెన్స్ (తుది ధర − ₹500) చెల్లింపు లింక్ ద్వారా గానీ, డెలివరీ సమయంలో నగదుగా గానీ చెల్లించండి.",
  refund: "మీ చేప దొరక్కపోయినా, డెలివరీ చేయలేకపోయినా ₹500 పూర్తిగా రీఫండ్ చేస్తాం.",
  limitsHeading: "ఎంత ఆర్డర్ చేయవచ్చు",
  limits: "ఒక్కో ఆర్డర్‌కు {min} నుంచి {max} వరకు, పూర్తి {units}లో.",
  limitsKg: "చేపను కోసి ఇవ్వం: తూకం వేసిన చేప మీరు ఎంచుకున్న కిలోలకు దగ్గరగా ఉంటుంది.",
  stockHeading: "రాబోయే రోజుల్లో స్టాక్",
  stockCaption: "ఒక్కో డెలివరీ తేదీకి మిగిలిన చేపలు",
  date: "డెలివరీ తేదీ",
  left: "మిగిలింది",
  soldOut: "అయిపోయింది",
  kilos: "కిలోల",
  packs: "ప్యాక్‌ల",
  delivery: "రాబోయే {days} రోజుల్లో, చెక్‌అవుట్‌లో మీరు ఎంచుకునే స్లాట్‌లో డెలివరీ: {morning} లేదా {evening}.",
  struckNote: "కొట్టివేసిన పాత ధర మా ధర కంటే 20% ఎక్కువగా చూపే పోలిక ధర మాత్రమే; చేప ధరను రోజూ దొరికిన చేపలను బట్టి నిర్ణయిస్తాం.",
};
