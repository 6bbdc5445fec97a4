import type * as English from "../messaging.messages";
import type { Translation } from "./translation";

/** Text messages to customers (SMS) in Telugu; a Telugu SMS is Unicode, so it is kept short. */
export const messagingMessages: Translation<typeof English.messagingMessages> = {
  enRoute: "{brand}: మీ {product} ఆర్డర్ {number} బయలుదేరింది.",
  enRouteDelivery: "{brand}: మీ {product} ఆర్డర్ {number} బయలుదేరింది. డెలివరీ: {when}.",
  weighed: "{brand}: ఆర్డర్ {number} తూకం అయింది: తుది ధర {final}. {next}",
  weighedNext: {
    due: "బ్యాలెన్స్ {amount}: చెల్లించడానికి లింక్ పంపుతాం.",
    paid: "ఇంకేమీ చెల్లించనక్కర్లేదు.",
    refund: "తేడా మొత్తం మీకు రీఫండ్ అవుతుంది.",
    answer: "ఇది మీ పరిమితి {limit} కంటే ఎక్కువ: {time} లోపు ఒప్పుకోండి లేదా వద్దనండి.",
  },
  weighedPhotos: "ఫోటోలు: {url}",
  outbid: "{brand}: {title}పై మీ కంటే ఎక్కువ బిడ్ వచ్చింది: ఇప్పుడు బిడ్ {price}. మళ్లీ బిడ్ వేయండి: {url}",
  outbidNoLink: "{brand}: {title}పై మీ కంటే ఎక్కువ బిడ్ వచ్చింది: ఇప్పుడు బిడ్ {price}.",
  smsTo: "{phone}కు SMS",
  whatsappTo: "{phone}కు WhatsApp",
  errors: {
    notConfigured: "టెక్స్ట్ మెసేజ్ ప్రొవైడర్ ఏదీ సెట్ చేయలేదు",
    orderMovedOn: "పంపలేదు: ఆర్డర్ ఆ దశ దాటిపోయింది",
    noAnswer: "ప్రొవైడర్ నుంచి జవాబు రాలేదు",
    providerAnswered: "ప్రొవైడర్ జవాబు: {status}",
  },
  admin: {
    title: "టెక్స్ట్ మెసేజ్‌లు",
    kinds: { en_route: "దారిలో ఉంది", weighed: "తూకం అయింది", outbid: "మీ కంటే ఎక్కువ బిడ్" },
    sent: "పంపాం: {when}",
    sentLocally: "డెవలప్‌మెంట్ అవుట్‌బాక్స్‌కు పంపాం: {when}",
    waiting: "పంపడానికి వేచి ఉంది",
    retrying: "{max}లో {tries}వ ప్రయత్నం విఫలమైంది: {error}. తర్వాతి ప్రయత్నం: {when}",
    failed: "{tries} ప్రయత్నాల తర్వాత విఫలమైంది: {error}",
    failedAtOnce: "విఫలమైంది: {error}",
  },
  devOutbox: {
    label: "SMS",
    intro: "ప్రొవైడర్ లేకుండా స్టోర్ పంపే టెక్స్ట్ మెసేజ్‌లు (SMS) కూడా ఇక్కడే కనిపిస్తాయి, SMS గుర్తుతో, ఏ ఫోన్ నంబర్‌కో దానితో.",
  },
};
