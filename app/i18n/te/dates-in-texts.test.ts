import { describe, expect, it } from "vitest";
import { te } from "./messages";

const teluguFiles = import.meta.glob<Record<string, unknown>>("./*.messages.ts", { eager: true });

/** Every text of a catalogue with its key path. */
function texts(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => texts(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => texts(v, path ? `${path}.${k}` : k));
  return [];
}

const everyText = [...texts(te, "messages"), ...Object.entries(teluguFiles).flatMap(([file, module]) => texts(module, file.slice(2)))];

/** The placeholders a formatted date, time or delivery slot fills: "23 నవంబర్ 2026, రాత్రి 7:45 (IST)". */
const DATE_PLACEHOLDER = /\{(date|time|when)\}/;
/** A date placeholder with an ending glued to it: "{date}న" would print "…(IST)న". */
const GLUED = /\{(date|time|when)\}[\p{L}\p{M}]/u;

describe("Telugu texts around a formatted date", () => {
  it("take dates in some texts (the check below looks at real ones)", () => {
    expect(everyText.filter(([, text]) => DATE_PLACEHOLDER.test(text)).length).toBeGreaterThan(10);
  });

  it("glue no ending to a date, a time or a delivery slot", () => {
    expect(everyText.filter(([, text]) => GLUED.test(text))).toEqual([]);
    expect(GLUED.test("{date}న రీఫండ్ చేశాం")).toBe(true);
    expect(GLUED.test("{amount} రీఫండ్ చేశాం: {date}")).toBe(false);
  });
});
