import type * as English from "../auth-errors.messages";
import type { Translation } from "./translation";

/** The account forms' refusals, in Telugu. */
export const authErrorMessages: Translation<typeof English.authErrorMessages> = {
  emailRequired: "ఈమెయిల్ తప్పనిసరి",
  emailInvalid: "దయచేసి సరైన ఈమెయిల్ చిరునామా ఇవ్వండి",
  honeypot: "దయచేసి ఈ ఫీల్డ్‌ను ఖాళీగా వదిలేయండి",
  nameRequired: "పూర్తి పేరు తప్పనిసరి",
  nameTooLong: "పేరు చాలా పొడవుగా ఉంది",
  passwordRequired: "పాస్‌వర్డ్ తప్పనిసరి",
  passwordShort: "పాస్‌వర్డ్‌లో కనీసం 8 అక్షరాలు ఉండాలి",
  passwordTooLong: "పాస్‌వర్డ్ చాలా పొడవుగా ఉంది",
  phone: "ఫోన్ నంబర్ సరిగ్గా 10 అంకెలు ఉండాలి",
  addressTooLong: "చిరునామా చాలా పొడవుగా ఉంది",
  otp: "దయచేసి సరైన 6 అంకెల OTP నమోదు చేయండి",
};
