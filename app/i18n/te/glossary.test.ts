import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getBlogs } from "~/content/blogs";
import { getPolicy } from "~/content/policies";
import { POLICY_PATHS } from "~/content/policies/paths";
import { teHomeStory } from "~/content/te/home";
import type { ContentContext } from "~/content/types";
import { te } from "./messages";

/**
 * The glossary of the Telugu shop: one word for each thing, on every page, in every mail and message. Each entry
 * lists the words a translation tends to slip back to; none may come back, in the interface or the content, except
 * where `allowedIn` names the files where the word is right (story prose may say బయానా, the villagers' word).
 */
type Term = { term: string; use: string; wrong: RegExp; allowedIn?: RegExp };

const GLOSSARY: Term[] = [
  { term: "account", use: "ఖాతా", wrong: /అకౌంట్/ },
  { term: "auction", use: "వేలం / వేలాలు", wrong: /వేలంపాట/ },
  { term: "log in / log out", use: "లాగిన్ / లాగౌట్", wrong: /సైన్ ?ఇన్|సైన్ ?అవుట్|లాగ్ ?ఇన్|లాగ్ అవుట్/ },
  { term: "sign up", use: "సైన్ అప్", wrong: /రిజిస్ట్రేషన్/ },
  { term: "seller", use: "అమ్మకందారు", wrong: /విక్రేత/ },
  { term: "optional", use: "తప్పనిసరి కాదు", wrong: /ఐచ్ఛిక/ },
  { term: "verification (spelling)", use: "ధ్రువీకరణ", wrong: /ధృవీకర/ },
  { term: "verify an e-mail", use: "వెరిఫై చేయండి", wrong: /ఈమెయిల్ (చిరునామాను )?నిర్ధారించ/ },
  { term: "struck price", use: "పాత ధర (అసలు means actual: అసలు బరువు)", wrong: /అసలు ధర/ },
  { term: "a sprig of curry leaves", use: "రెమ్మ", wrong: /రెబ్బల కరివేపాకు/ },
  { term: "the proverb", use: "పుస్తెలు అమ్మైనా", wrong: /అమ్మి అయినా/ },
  { term: "token advance", use: "₹500 టోకెన్ అడ్వాన్స్ / అడ్వాన్స్", wrong: /బయానా/, allowedIn: /^app\/content\/te\/(home\.ts|blogs\/)/ },
  { term: "balance", use: "బ్యాలెన్స్ (first mention on a policy page: బ్యాలెన్స్ (మిగతా మొత్తం…))", wrong: /(?<!బ్యాలెన్స్ \()మిగతా మొత్తం/ },
  { term: "payment link", use: "చెల్లింపు లింక్", wrong: /పేమెంట్ లింక్/ },
  { term: "cash on delivery", use: "డెలివరీ సమయంలో నగదుగా", wrong: /డెలివరీలో (చెల్లింపు|బ్యాలెన్స్|వసూలు|తీసుకో)/ },
  { term: "delivery partner", use: "డెలివరీ పార్ట్‌నర్", wrong: /భాగస్వామ/ },
  { term: "shipped", use: "షిప్ అయింది", wrong: /డిస్పాచ్/ },
  { term: "refund", use: "రీఫండ్", wrong: /తిరిగి (చెల్లిస్తాం|ఇస్తాం|ఇచ్చేస్తాం)|విడుదల చేశాం/ },
  { term: "transit damage / wrong product", use: "రవాణాలో దెబ్బతింది / వేరే వస్తువు వచ్చింది", wrong: /(రవాణాలో|రవాణా|దారిలో) నష్టం|తప్పు (ఉత్పత్తి|వస్తువు)/ },
  { term: "bids", use: "బిడ్‌లు", wrong: /బిడ్ల/ },
  { term: "outbid", use: "మీ కంటే ఎక్కువ బిడ్ వచ్చింది", wrong: /వెనకబడ/ },
  { term: "device", use: "డివైజ్", wrong: /పరికర/ },
  { term: "photo", use: "ఫోటో", wrong: /ఫొటో/ },
  { term: "ice", use: "ఐస్", wrong: /ఐసు/ },
  { term: "WhatsApp", use: "WhatsApp, in Latin letters", wrong: /వాట్సా?ప్/ },
  { term: "IST", use: "(IST), in Latin letters", wrong: /కాలమానం|ప్రామాణిక సమయం/ },
  { term: "rupees", use: "₹25,000", wrong: /రూ\. ?\d/ },
  { term: "July", use: "జులై, as dates write it", wrong: /జూలై/ },
  { term: "support", use: "సపోర్ట్", wrong: /మద్దతు/ },
  { term: "terms", use: "నిబంధనలు & షరతులు", wrong: /నియమ నిబంధనలు/ },
  { term: "no account yet", use: "ఖాతా లేదా?", wrong: /ఇక్కడ కొత్తా/ },
  { term: "quantity", use: "పరిమాణం", wrong: /ఎంత కావాలి/ },
  { term: "final price", use: "తుది ధర", wrong: /చివరి ధర/ },
  { term: "Dowleswaram", use: "ధవళేశ్వరం, as the home story spells it", wrong: /దౌలేశ్వరం/ },
];

const ROOT = path.resolve(__dirname, "../../..");
const TELUGU = /[\u0C00-\u0C7F]/;

/** Every source file of the store with Telugu in it, as `[path from the root, text]`, tests left out. */
function telugusources(): [string, string][] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const at = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(at);
      else if (/\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec)\.ts$/.test(entry.name)) files.push(at);
    }
  };
  walk("app");
  walk("workers");
  files.push("scripts/seed.mjs");
  return files.map((file): [string, string] => [file, readFileSync(path.join(ROOT, file), "utf8")]).filter(([, text]) => TELUGU.test(text));
}

/** Every text in a value (a catalogue, a page's content), each once. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value && typeof value === "object") return Object.values(value).flatMap(texts);
  return [];
}

const c: ContentContext = {
  product: "పులస",
  brand: "గోదావరి పులస",
  supportEmail: "help@example.in",
  supportPhone: "+91 90000 11111",
  whatsapp: "+91 90000 22222",
  socialHandle: "@godavaripulasa",
};
const teluguFiles = import.meta.glob<Record<string, unknown>>("./*.messages.ts", { eager: true });

/** What Telugu readers see, by where it comes from: the catalogues and the content as pages render them. */
const rendered: [string, string[]][] = [
  // The home page's story rides in the catalogue but is the content's prose, read below as home.ts.
  ["app/i18n/te (catalogues)", texts([{ ...te, home: { ...te.home, story: null } }, ...Object.values(teluguFiles)])],
  ["app/content/te/home.ts", texts(teHomeStory(c.product))],
  ["app/content/te/blogs/", texts(getBlogs(c, "te"))],
  ["app/content/te/policies/", texts(POLICY_PATHS.map((p) => getPolicy(c, p, "te")))],
];

/** "path: term → use, not «what was found»" for each text that uses a wrong word where it is not allowed. */
function slips(where: string, text: string): string[] {
  return GLOSSARY.filter((t) => !t.allowedIn?.test(where)).flatMap((t) => {
    const found = text.match(new RegExp(t.wrong.source, "gu"));
    return found ? [`${where}: ${t.term} → ${t.use}, not «${[...new Set(found)].join("», «")}»`] : [];
  });
}

describe("the Telugu glossary", () => {
  it("holds in every Telugu text a page, a mail or a message shows", () => {
    expect(rendered.every(([, list]) => list.length > 20)).toBe(true);
    expect(rendered.flatMap(([where, list]) => list.flatMap((text) => slips(where, text)))).toEqual([]);
  });

  it("holds in every source file with Telugu in it, comments and sample data included", () => {
    const sources = telugusources();
    expect(sources.map(([file]) => file)).toEqual(expect.arrayContaining(["app/i18n/te/messages.ts", "app/catalog/units.ts", "scripts/seed.mjs"]));
    expect(sources.flatMap(([file, text]) => slips(file, text))).toEqual([]);
  });

  it("catches each term's wrong words, and lets story prose keep బయానా", () => {
    expect(slips("app/i18n/te/messages.ts", "మీ అకౌంట్‌లో సైన్ ఇన్ చేయండి; వేలంపాటలో విక్రేత")).toHaveLength(4);
    expect(slips("app/content/te/policies/terms-conditions.ts", "మేం పంపే పేమెంట్ లింక్, 2 రెబ్బల కరివేపాకు, ఐచ్ఛికం")).toHaveLength(3);
    expect(slips("app/content/te/home.ts", "జాలర్లకు బయానా ఇచ్చి")).toEqual([]);
    expect(slips("app/i18n/te/checkout.messages.ts", "బయానా చెల్లించండి")).toHaveLength(1);
    expect(slips("x", "బ్యాలెన్స్ (మిగతా మొత్తం, అంటే…)")).toEqual([]);
    expect(slips("x", "మిగతా మొత్తం చెల్లించండి")).toHaveLength(1);
    expect(slips("x", "అకౌంటింగ్ బాధ్యతలు, బిడ్డర్లు, బిడ్‌లు, ఖాతా, లాగిన్, ఫోటో, ఐస్")).toEqual([]);
  });
});
