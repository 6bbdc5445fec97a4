import { describe, expect, it } from "vitest";
import { en } from "../messages";
import { te } from "./messages";

const englishFiles = import.meta.glob<Record<string, unknown>>("../*.messages.ts", { eager: true });
const teluguFiles = import.meta.glob<Record<string, unknown>>("./*.messages.ts", { eager: true });

const fileName = (path: string) => path.slice(path.lastIndexOf("/") + 1);

/** Texts a Telugu page shows exactly as the English one does: names and abbreviations written in Latin letters. */
const SAME_IN_TELUGU = new Set(["WhatsApp", "SMS"]);

const TELUGU_LETTER = /[\u0C00-\u0C7F]/;

const placeholders = (text: string) => [...new Set(text.match(/\{\w+\}/g))].sort().join(" ") || "none";

/** Not texts but structure, the same in both languages: a rich-text block's kind ("p", "h2", "ul"...) and a picture's file. */
const isStructure = (path: string, key: string) => key === "type" || (key === "name" && path.endsWith(".image"));

const kind = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "a list" : typeof value);

function textDifferences(english: string, telugu: string, at: string): string[] {
  const problems: string[] = [];
  if (placeholders(english) !== placeholders(telugu)) problems.push(`${at}: placeholders ${placeholders(telugu)}, English has ${placeholders(english)}`);
  if (SAME_IN_TELUGU.has(english)) return problems;
  if (telugu === english) problems.push(`${at}: left in English`);
  else if (!TELUGU_LETTER.test(telugu)) problems.push(`${at}: no Telugu letter in "${telugu}"`);
  return problems;
}

/** Every way a translation's shape or texts stray from its English catalogue, as "path: problem". */
function differences(english: unknown, telugu: unknown, path: string): string[] {
  const at = path || "(whole catalogue)";
  if (kind(english) !== kind(telugu)) return [`${at}: ${kind(telugu)}, English has ${kind(english)}`];
  if (typeof english === "string") return textDifferences(english, telugu as string, at);
  if (typeof english === "function") {
    const arity = (telugu as (...args: unknown[]) => unknown).length;
    return arity === english.length ? [] : [`${at}: takes ${arity} arguments, English takes ${english.length}`];
  }
  if (Array.isArray(english)) {
    const list = telugu as unknown[];
    const length = list.length === english.length ? [] : [`${at}: ${list.length} entries, English has ${english.length}`];
    return [...length, ...english.flatMap((value, i) => differences(value, list[i], `${path}[${i}]`))];
  }
  if (english !== null && typeof english === "object") {
    const object = telugu as Record<string, unknown>;
    const key = (k: string) => (path ? `${path}.${k}` : k);
    const extra = Object.keys(object).filter((k) => !Object.hasOwn(english, k));
    return [
      ...Object.entries(english).flatMap(([k, value]) => {
        if (!Object.hasOwn(object, k)) return [`${key(k)}: missing`];
        if (isStructure(path, k)) return Object.is(value, object[k]) ? [] : [`${key(k)}: ${String(object[k])}, English has ${String(value)}`];
        return differences(value, object[k], key(k));
      }),
      ...extra.map((k) => `${key(k)}: not in English`),
    ];
  }
  return Object.is(english, telugu) ? [] : [`${at}: ${String(telugu)}, English has ${String(english)}`];
}

describe("the Telugu catalogue", () => {
  it("translates every English catalogue file, and only those", () => {
    expect(Object.keys(englishFiles).length).toBeGreaterThan(0);
    expect(Object.keys(teluguFiles).map(fileName).sort()).toEqual(Object.keys(englishFiles).map(fileName).sort());
  });

  it.each(Object.keys(englishFiles).map(fileName))("%s has every key, each translated with the same placeholders", (name) => {
    expect(differences(englishFiles[`../${name}`], teluguFiles[`./${name}`], "")).toEqual([]);
  });

  it("messages.ts has every key, each translated with the same placeholders", () => {
    expect(differences(en, te, "")).toEqual([]);
  });
});

describe("comparing a translation with its English catalogue", () => {
  const english = { a: "Pay {amount}", b: { c: "Order {number}", d: ["Day {n}", "Night"] }, e: 3, f: "WhatsApp" };
  const telugu = { a: "{amount} చెల్లించండి", b: { c: "ఆర్డర్ {number}", d: ["రోజు {n}", "రాత్రి"] }, e: 3, f: "WhatsApp" };

  it("finds nothing in a faithful translation, names and numbers kept as they are", () => {
    expect(differences(english, telugu, "")).toEqual([]);
  });

  it("finds a missing key, deep down too, and a key English does not have", () => {
    expect(differences(english, { ...telugu, b: { d: telugu.b.d }, g: "అదనం" }, "")).toEqual(["b.c: missing", "g: not in English"]);
  });

  it("finds a list of another length and a changed entry", () => {
    expect(differences(english, { ...telugu, b: { ...telugu.b, d: ["రోజు"] } }, "")).toEqual([
      "b.d: 1 entries, English has 2",
      "b.d[0]: placeholders none, English has {n}",
      "b.d[1]: undefined, English has string",
    ]);
  });

  it("finds a lost, renamed or added placeholder", () => {
    expect(differences({ a: "Pay {amount}" }, { a: "{total} చెల్లించండి" }, "")).toEqual(["a: placeholders {total}, English has {amount}"]);
    expect(differences({ a: "Pay" }, { a: "{amount} చెల్లించండి" }, "")).toEqual(["a: placeholders {amount}, English has none"]);
  });

  it("finds a text left in English or not written in Telugu, unless it is a name kept as it is", () => {
    expect(differences({ a: "Pay", b: "Cart" }, { a: "Pay", b: "Kart" }, "")).toEqual(["a: left in English", 'b: no Telugu letter in "Kart"']);
    expect(differences({ a: "WhatsApp" }, { a: "వాట్సాప్" }, "")).toEqual([]);
  });

  it("finds a changed number, a text where English has another value, and a function of another arity", () => {
    expect(differences({ a: 3, b: "x", c: (n: number) => `${n}` }, { a: 4, b: 1, c: () => "" }, "")).toEqual([
      "a: 4, English has 3",
      "b: number, English has string",
      "c: takes 0 arguments, English takes 1",
    ]);
  });
});
