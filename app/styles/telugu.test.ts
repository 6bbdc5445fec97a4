import { readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import tailwindConfig from "../../tailwind.config";

const css = readFileSync("app/styles/telugu.css", "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
const script = readFileSync("scripts/make-telugu-fonts.sh", "utf8");

/** A rule's declarations by property, with whitespace collapsed. */
const declarations = (body: string): Record<string, string> =>
  Object.fromEntries(
    body
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [
        d.slice(0, d.indexOf(":")).trim(),
        d
          .slice(d.indexOf(":") + 1)
          .replace(/\s+/g, " ")
          .trim(),
      ]),
  );

/** The declarations of the one rule whose selector list is exactly `selector`. */
function rule(selector: string): Record<string, string> {
  const blocks = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, sel]) => sel.replace(/\s+/g, " ").trim() === selector);
  expect(blocks, selector).toHaveLength(1);
  return declarations(blocks[0][2]);
}

const faces = [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => declarations(body));

const unquote = (stack: string) => stack.split(",").map((name) => name.trim().replace(/^"|"$/g, ""));
const TELUGU_RANGE = "U+0C00-0C7F, U+0951-0952, U+0964-0965, U+200C-200D, U+25CC";

describe("the Telugu font faces", () => {
  it("declare regular and bold Noto Sans Telugu, swapping in when loaded, for Telugu text only", () => {
    expect(faces.map((f) => f["font-weight"])).toEqual(["400", "700"]);
    for (const face of faces) {
      expect(face["font-family"]).toBe('"Noto Sans Telugu Web"');
      expect(face["font-style"]).toBe("normal");
      expect(face["font-display"]).toBe("swap");
      expect(face["unicode-range"]).toBe(TELUGU_RANGE);
      expect(face.src).toContain(`url("/fonts/noto-sans-telugu-${face["font-weight"]}.woff2") format("woff2")`);
    }
  });

  it("point at WOFF2 files that exist and stay small", () => {
    for (const weight of ["400", "700"]) {
      const file = `public/fonts/noto-sans-telugu-${weight}.woff2`;
      expect(readFileSync(file).subarray(0, 4).toString("latin1")).toBe("wOF2");
      expect(statSync(file).size).toBeLessThan(48 * 1024);
    }
  });

  it("cover no character the subset leaves out", () => {
    for (const range of TELUGU_RANGE.split(", ")) expect(script).toContain(`"${range}"`);
    expect(script).toContain("--layout-features='*'");
  });
});

describe("the Telugu font stacks", () => {
  const WEB = "Noto Sans Telugu Web";
  const { sans: siteSans, serif: siteSerif } = tailwindConfig.theme.extend.fontFamily;
  const sans = siteSans.filter((f) => f !== WEB);
  const serif = siteSerif.filter((f) => f !== WEB);

  it("end the site's stacks with the Telugu face, so Telugu words on an English page (the language link, a name) use it", () => {
    expect(siteSans.at(-2)).toBe(WEB);
    expect(siteSerif.at(-2)).toBe(WEB);
  });

  it("put the Telugu face in front of the site's sans stack on Telugu pages", () => {
    expect(unquote(rule("html:lang(te), .font-sans:lang(te)")["font-family"])).toEqual(["Noto Sans Telugu Web", ...sans]);
  });

  it("put it in front of the serif stack too, so Telugu headings use it", () => {
    expect(unquote(rule(".font-serif:lang(te)")["font-family"])).toEqual(["Noto Sans Telugu Web", ...serif]);
  });
});
