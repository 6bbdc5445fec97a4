import type * as English from "../mail.messages";
import type { Translation } from "./translation";

/** The e-mails the store sends (the frame of a mailed notice, the account mails), in Telugu. */
export const mailMessages: Translation<typeof English.mailMessages> = {
  greeting: "నమస్కారం {name} గారూ,",
  greetingAnyone: "నమస్కారం,",
  signOff: "– {brand} బృందం",
  links: {
    order: "మీ ఆర్డర్ చూడండి: {url}",
    auction: "వేలం చూడండి: {url}",
    adminOrder: "డాష్‌బోర్డ్‌లో ఆర్డర్ తెరవండి: {url}",
  },
  signupCode: {
    subject: "మీ {brand} వెరిఫికేషన్ కోడ్: {code}",
    code: "మీ {brand} వెరిఫికేషన్ కోడ్ {code}.",
    lasts: "ఇది 10 నిమిషాలు పనిచేస్తుంది, ఒక్కసారి మాత్రమే వాడగలరు.",
    ignore: "మీరు {brand}లో సైన్ అప్ చేయకపోతే ఈ ఈమెయిల్‌ను పట్టించుకోవద్దు: కోడ్ లేకుండా ఏ ఖాతా మొదలవదు.",
  },
  resetCode: {
    subject: "మీ {brand} పాస్‌వర్డ్ రీసెట్ కోడ్: {code}",
    code: "మీ {brand} పాస్‌వర్డ్ రీసెట్ కోడ్ {code}.",
    lasts: "ఇది 10 నిమిషాలు పనిచేస్తుంది, ఒక్కసారి మాత్రమే వాడగలరు.",
    ignore: "పాస్‌వర్డ్ రీసెట్ కోసం మీరు అడగకపోతే ఈ ఈమెయిల్‌ను పట్టించుకోవద్దు: మీ పాస్‌వర్డ్ మారదు.",
  },
  passwordChanged: {
    subject: "మీ {brand} పాస్‌వర్డ్ మారింది",
    changed: "మీ {brand} ఖాతా పాస్‌వర్డ్ ఇప్పుడే మారింది, మిగతా అన్ని డివైజ్‌ల నుంచి లాగౌట్ చేశాం.",
    notYou: "ఇది మీరు చేయకపోతే, వెంటనే లాగిన్ పేజీ నుంచి పాస్‌వర్డ్ రీసెట్ చేసి మమ్మల్ని సంప్రదించండి.",
  },
};
