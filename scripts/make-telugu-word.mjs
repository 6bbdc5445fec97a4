// Writes public/media/telugu-word.svg and the words' sizes (app/components/telugu-word.generated.ts): "తెలుగు",
// and "తె" for narrower screens, the English pages' link to the Telugu pages, as outlines of Noto Sans Telugu Bold
// shaped by fontkit. English pages draw them from this 2 KB file instead of downloading the 35 KB Telugu face,
// which browsers fetch at their highest priority, before the page's photos. Re-run after changing
// public/fonts/noto-sans-telugu-700.woff2:
//   node scripts/make-telugu-word.mjs
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import * as fontkit from "fontkit";

const font = fontkit.openSync("public/fonts/noto-sans-telugu-700.woff2");
const upm = font.unitsPerEm;
// The box every word shares, in font units: from the ascender down to the descender, so the words sit on the
// text's baseline like letters do.
const top = font.ascent;
const bottom = font.descent;
const round = Math.round;
const WORDS = { full: "తెలుగు", short: "తె" };

function outline(text) {
  const run = font.layout(text);
  let x = 0;
  const parts = [];
  run.glyphs.forEach((glyph, i) => {
    const at = run.positions[i];
    const path = glyph.path.translate(x + at.xOffset, at.yOffset).scale(1, -1);
    parts.push(path.toSVG());
    x += at.xAdvance;
  });
  const d = parts
    .join("")
    .replace(/-?\d+\.\d+/g, (n) => String(round(Number(n))))
    .replace(/\s+/g, " ");
  return { d, width: round(x) };
}

const words = Object.fromEntries(Object.entries(WORDS).map(([id, text]) => [id, outline(text)]));
const viewBox = (w) => `0 ${-round(top)} ${w.width} ${round(top - bottom)}`;
const sprite = `<svg xmlns="http://www.w3.org/2000/svg"><!-- Made by scripts/make-telugu-word.mjs from Noto Sans Telugu Bold (SIL Open Font License 1.1) -->
${Object.entries(words)
  .map(([id, w]) => `<symbol id="${id}" viewBox="${viewBox(w)}"><path d="${w.d}"/></symbol>`)
  .join("\n")}
</svg>
`;
writeFileSync("public/media/telugu-word.svg", sprite);
const body = `// Made by scripts/make-telugu-word.mjs (with public/media/telugu-word.svg); do not edit.
/** Each word's box in ems: its width, the ascender's height above the baseline, the descender's depth below it. */
export const TELUGU_WORDS = {
${Object.entries(words)
  .map(([id, w]) => `  ${id}: { text: "${WORDS[id]}", width: ${w.width / upm}, ascent: ${round(top) / upm}, descent: ${round(-bottom) / upm} },`)
  .join("\n")}
} as const;
`;
writeFileSync("app/components/telugu-word.generated.ts", body);
execFileSync("node_modules/.bin/prettier", ["--write", "app/components/telugu-word.generated.ts"], { stdio: "ignore" });
console.log(`public/media/telugu-word.svg: ${sprite.length} bytes`);
