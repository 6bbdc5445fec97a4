import type { errorMessages as english } from "../errors.messages";

/** The error pages' words in Telugu. */
export const errorMessages: typeof english = {
  notFound: {
    heading: "అయ్యో! పేజీ కనబడలేదు",
    text: "మీరు వెతుకుతున్న పేజీ లేదు, లేదా వేరే చోటికి మారింది.",
    home: "హోమ్‌కు తిరిగి వెళ్లండి",
  },
  error: {
    heading: "అనుకోని లోపం జరిగింది!",
    text: "మా వైపు ఏదో పొరపాటు జరిగింది. దయచేసి కాసేపటి తర్వాత మళ్లీ ప్రయత్నించండి.",
    home: "హోమ్‌కు తిరిగి వెళ్లండి",
  },
  tooLarge: {
    heading: "పంపినది చాలా పెద్దదిగా ఉంది",
    text: "ఈ ఫారమ్‌లో కొన్ని వాక్యాలే పడతాయి, కానీ పంపినది అంతకంటే చాలా పెద్దది. పేజీకి వెనక్కి వెళ్లి మళ్లీ పంపండి.",
    home: "పేజీకి వెనక్కి",
  },
};
