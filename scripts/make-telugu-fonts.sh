#!/usr/bin/env bash
# Tools: apt-get install -y fonts-noto-core python3-fonttools python3-brotli   (Debian 12)
#
# Builds the Telugu web fonts in public/fonts/ from Debian's Noto Sans Telugu (static Regular and Bold; Debian ships
# no variable build of it):
#   noto-sans-telugu-400.woff2, noto-sans-telugu-700.woff2
# Each keeps only what Telugu pages draw with it: the Telugu block, the Indic marks Telugu text borrows (Vedic
# accents, danda and double danda, the zero-width joiners, the dotted circle shown under a stray vowel sign), the
# digits and punctuation the font carries, and the rupee sign. Every OpenType layout feature is kept, because Telugu
# conjuncts, below-base forms and vowel signs are made by GSUB/GPOS at render time: a subset without them shows
# broken syllables. Hinting is dropped: phones ignore it, and it would make each file about 60% larger.
# app/styles/telugu.css declares the faces; its unicode-range must stay within the ranges below.
#
# Usage: scripts/make-telugu-fonts.sh      (re-runnable; the outputs are overwritten in place)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/fonts"
SRC="${NOTO_DIR:-/usr/share/fonts/truetype/noto}"

# A pyenv or venv python on PATH usually lacks Debian's fontTools; Debian's own interpreter has it.
PYTHON=""
for candidate in "${PYTHON_BIN:-}" python3 /usr/bin/python3; do
  [ -n "$candidate" ] || continue
  if "$candidate" -c "import fontTools.subset, brotli" >/dev/null 2>&1; then
    PYTHON="$candidate"
    break
  fi
done
if [ -z "$PYTHON" ]; then
  echo "make-telugu-fonts: fontTools with brotli not found. Install: apt-get install -y python3-fonttools python3-brotli" >&2
  exit 1
fi

UNICODES=(
  "U+0C00-0C7F"                         # Telugu
  "U+0951-0952"                         # Vedic stress marks used in Telugu text
  "U+0964-0965"                         # danda, double danda
  "U+200C-200D"                         # ZWNJ, ZWJ: they choose between a conjunct and a visible virama
  "U+25CC"                              # dotted circle, the base shaping engines show under an orphan mark
  "U+0020-002F,U+0030-0039,U+003A-0040" # space, digits, punctuation
  "U+005B-0060,U+007B-007E,U+00A0"      # brackets and the rest of ASCII punctuation, no-break space
  "U+2010,U+2013-2014,U+2018-2019,U+201C-201D,U+2026" # hyphen, dashes, curly quotes, ellipsis
  "U+20B9"                              # rupee sign
)
joined="$(IFS=,; echo "${UNICODES[*]}")"

mkdir -p "$OUT"
for weight in 400:Regular 700:Bold; do
  css_weight="${weight%%:*}"
  style="${weight#*:}"
  in="$SRC/NotoSansTelugu-$style.ttf"
  out="$OUT/noto-sans-telugu-$css_weight.woff2"
  [ -f "$in" ] || {
    echo "make-telugu-fonts: $in not found. Install: apt-get install -y fonts-noto-core" >&2
    exit 1
  }
  # name-IDs '*' keeps the copyright and OFL licence records inside the file, as the licence asks.
  "$PYTHON" -m fontTools.subset "$in" \
    --unicodes="$joined" \
    --layout-features='*' \
    --name-IDs='*' \
    --no-hinting \
    --flavor=woff2 \
    --output-file="$out"
  echo "$(basename "$out"): $(wc -c <"$out") bytes"
done
