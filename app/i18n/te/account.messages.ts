import type * as English from "../account.messages";
import type { Translation } from "./translation";

/** What the server answers about accounts (sign-up, login, codes) and its guards, in Telugu. */
export const accountMessages: Translation<typeof English.accountMessages> = {
  emailTaken: "ఈ ఈమెయిల్‌తో ఇప్పటికే ఖాతా ఉంది. దయచేసి లాగిన్ అవ్వండి.",
  badCredentials: "ఈమెయిల్ లేదా పాస్‌వర్డ్ తప్పు",
  wrongCode: "వెరిఫికేషన్ కోడ్ తప్పు. దయచేసి కోడ్ సరిచూసి మళ్లీ ప్రయత్నించండి.",
  deadCode: "ఈ కోడ్ ఇక పనిచేయదు. దయచేసి కొత్త కోడ్ అడగండి.",
  alreadyVerified: "ఈ ఈమెయిల్ ఇప్పటికే వెరిఫై అయింది. దయచేసి లాగిన్ అవ్వండి.",
  noSignupHere: "ఈ బ్రౌజర్‌లో ఈ కోడ్ కోసం వేచి ఉన్న సైన్ అప్ ఏదీ కనబడలేదు. దయచేసి ఇక్కడే మళ్లీ సైన్ అప్ చేయండి.",
  resendWait: "కొత్త కోడ్ అడిగే ముందు దయచేసి కొంచెం ఆగండి.",
  noResetHere: "ఈ బ్రౌజర్‌లో ఈ కోడ్ కోసం వేచి ఉన్న పాస్‌వర్డ్ రీసెట్ ఏదీ కనబడలేదు. దయచేసి ఇక్కడే కొత్త కోడ్ అడగండి.",
  wrongPassword: "మీ ప్రస్తుత పాస్‌వర్డ్ సరైనది కాదు",
  tooMany: "చాలాసార్లు ప్రయత్నించారు. దయచేసి కాసేపు ఆగి మళ్లీ ప్రయత్నించండి.",
  sessionEnded: "మీ లాగిన్ గడువు ముగిసింది. దయచేసి మళ్లీ లాగిన్ అవ్వండి.",
};

export const guardMessages: Translation<typeof English.guardMessages> = {
  loginForAdmin: "అడ్మిన్ డాష్‌బోర్డ్ చూడటానికి దయచేసి లాగిన్ అవ్వండి",
  accessDenied: "అనుమతి లేదు. అడ్మిన్ హక్కులు అవసరం.",
};

/** The development mail outbox (/dev/mail, local development only). */
export const devMailMessages: Translation<typeof English.devMailMessages> = {
  title: "డెవలప్‌మెంట్ మెయిల్ అవుట్‌బాక్స్",
  intro: "లోకల్ డెవలప్‌మెంట్‌లో స్టోర్ పంపే ప్రతి ఈమెయిల్ మెయిల్ సర్వర్‌కు బదులు ఇక్కడికే వస్తుంది. కొత్తవి ముందు.",
  empty: "ఇంకా ఏ ఈమెయిల్ పంపలేదు.",
  to: "ఎవరికి",
  subject: "విషయం",
  push: {
    label: "పుష్",
    intro: "VAPID కీలు లేకుండా స్టోర్ పంపే పుష్ నోటిఫికేషన్‌లు కూడా ఇక్కడే కనిపిస్తాయి, పుష్ గుర్తుతో, ఏ డివైజ్‌కో, ఏ భాషలోనో దానితో.",
    device: "డివైజ్ {id} ({lang})",
    title: "శీర్షిక",
    opens: "తెరిచే పేజీ",
  },
};
