#!/usr/bin/env bash
# Tools: apt-get install -y ffmpeg librsvg2-bin webp libavif-bin pngquant optipng   (Debian 12; also needs coreutils + mawk/gawk)
#
# Generates every media asset in public/media/ from hand-written SVG art kept in this
# script (no text inside images; original artwork for the Pulasa store):
#   hero.webm / hero.mp4 (seamless 7 s loop, 1280x720, 24 fps, no audio) + hero-poster-{640,1280}.{webp,avif}
#   {name}-{w}.{avif,webp} responsive images, logo.svg, favicon.svg, apple-touch-icon.png,
#   icon-192.png, icon-512.png (maskable), og-image.jpg, auction-placeholder.svg
#
# Usage: scripts/make-media.sh            # everything
#        scripts/make-media.sh curry hero # only targets whose name contains one of the words
# Re-runnable: outputs are overwritten in place; temp files live in a private temp dir.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

for tool in rsvg-convert cwebp avifenc ffmpeg pngquant optipng awk; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "make-media: '$tool' not found. Install: apt-get install -y ffmpeg librsvg2-bin webp libavif-bin pngquant optipng" >&2
    exit 1
  }
done

FILTERS=("$@")
want() { # want NAME -> true when no filter given or NAME contains a filter word
  [ ${#FILTERS[@]} -eq 0 ] && return 0
  local f; for f in "${FILTERS[@]}"; do [[ "$1" == *"$f"* ]] && return 0; done
  return 1
}

# ---------------------------------------------------------------- encoders
WEBP_Q=${WEBP_Q:-76}
AVIF_MIN=${AVIF_MIN:-24}
AVIF_MAX=${AVIF_MAX:-38}
to_webp() { cwebp -quiet -q "${3:-$WEBP_Q}" -m 6 -sharp_yuv -metadata none "$1" -o "$2"; }
# AVIF at the encoder's slowest speed: about 5% fewer bytes than its default speed at the same quality.
to_avif() { avifenc -j 2 -s 0 -y 420 -d 8 --min "${3:-$AVIF_MIN}" --max "${4:-$AVIF_MAX}" \
              -a end-usage=q -a cq-level="${5:-30}" -a tune=ssim "$1" "$2" >/dev/null; }
png() { rsvg-convert -w "$3" -h "$4" "$1" -o "$2"; }
# icon NAME.svg OUT.png W H : a flat-coloured icon as a palette PNG (a third of the bytes, the same to the eye);
# the browser fetches the manifest's icon while the first page loads.
icon() { png "$1" "$TMP/icon.png" "$3" "$4"; pngquant --quality 85-98 --speed 1 --strip --force --output "$2" "$TMP/icon.png"; optipng -quiet -o7 -strip all "$2"; }

# responsive NAME SVG W1 H1 W2 H2 ... : writes NAME-W.{webp,avif} for each size
responsive() {
  local name=$1 svg=$2; shift 2
  while [ $# -ge 2 ]; do
    local w=$1 h=$2; shift 2
    png "$svg" "$TMP/$name-$w.png" "$w" "$h"
    to_webp "$TMP/$name-$w.png" "$OUT/$name-$w.webp"
    to_avif "$TMP/$name-$w.png" "$OUT/$name-$w.avif" "" "" "${AVIF_CQ:-}"
  done
  echo "  $name"
}

# ------------------------------------------------------------ shared art
# Procedural helpers (seeded, deterministic) ---------------------------
# ice_chips X Y W H COUNT SEED SIZE : crushed-ice polygons inside an ellipse
ice_chips() {
  awk -v X="$1" -v Y="$2" -v W="$3" -v H="$4" -v N="$5" -v S="$6" -v R="$7" 'BEGIN{
    srand(S); split("url(#ice1) url(#ice2) url(#ice3) url(#ice1) #d5eaf1 url(#ice2)",C," ");
    for(i=0;i<N;i++){
      do { u=rand()*2-1; v=rand()*2-1 } while (u*u+v*v>1);
      cx=X+W/2+u*W/2; cy=Y+H/2+v*H/2; r=R*(.55+rand()*.6); k=5+int(rand()*3); a0=rand()*6.283;
      p=""; for(j=0;j<k;j++){ a=a0+j*6.283/k+(rand()-.5)*.6; rr=r*(.7+rand()*.5);
        p=p sprintf("%.1f,%.1f ",cx+cos(a)*rr,cy+sin(a)*rr*.8) }
      printf "<polygon points=\"%s\" fill=\"%s\" stroke=\"#ffffff\" stroke-opacity=\".7\" stroke-width=\"1.2\"/>\n",p,C[1+int(rand()*6)];
      if(rand()<.5) printf "<path d=\"M%.1f,%.1f l%.1f,%.1f\" stroke=\"#fff\" stroke-width=\"2\" stroke-linecap=\"round\" opacity=\".9\"/>\n",cx-r*.3,cy-r*.25,r*.35,-r*.1;
    }}'
}
# stars X Y W H COUNT SEED : tiny twinkles
sparkles() {
  awk -v X="$1" -v Y="$2" -v W="$3" -v H="$4" -v N="$5" -v S="$6" -v R="${7:-10}" 'BEGIN{ srand(S);
    for(i=0;i<N;i++){ x=X+rand()*W; y=Y+rand()*H; r=R*(.4+rand()*.8);
      printf "<path d=\"M%.1f,%.1f Q%.1f,%.1f %.1f,%.1f Q%.1f,%.1f %.1f,%.1f Q%.1f,%.1f %.1f,%.1f Q%.1f,%.1f %.1f,%.1fZ\" fill=\"#fff6d8\" opacity=\"%.2f\"/>\n",
        x,y-r, x,y, x+r*.7,y, x,y, x,y+r, x,y, x-r*.7,y, x,y, x,y-r, .5+rand()*.5 } }'
}
# ripples X0 X1 Y0 Y1 ROWS SEED COLOR OPACITY : static perspective water ripples
ripples() {
  awk -v X0="$1" -v X1="$2" -v Y0="$3" -v Y1="$4" -v N="$5" -v S="$6" -v C="$7" -v O="$8" 'BEGIN{ srand(S);
    for(i=0;i<N;i++){ f=(i+.5)/N; d=f*f; y=Y0+(Y1-Y0)*d; n=3+int(rand()*4);
      for(j=0;j<n;j++){ len=(40+rand()*140)*(.3+d*1.6); x=X0+rand()*(X1-X0); a=1.5+d*4;
        printf "<path d=\"M%.1f,%.1f q%.1f,%.1f %.1f,0 t%.1f,0\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.1f\" stroke-linecap=\"round\" opacity=\"%.2f\"/>\n",
          x,y,len/4,-a,len/2,len/2,C,.8+d*2.5,O*(.5+rand()*.5) } } }'
}
# rain X Y W H COUNT SEED : slanted rain streaks
rain() {
  awk -v X="$1" -v Y="$2" -v W="$3" -v H="$4" -v N="$5" -v S="$6" 'BEGIN{ srand(S);
    for(i=0;i<N;i++){ x=X+rand()*W; y=Y+rand()*H; l=30+rand()*60;
      printf "<path d=\"M%.1f,%.1f l%.1f,%.1f\" stroke=\"#d8e8ee\" stroke-width=\"%.1f\" opacity=\"%.2f\" stroke-linecap=\"round\"/>\n",x,y,-l*.28,l,.8+rand()*1.4,.18+rand()*.3 } }'
}
# cloudbank X0 X1 Y STEP R SEED COLOR : a row of merged cloud puffs, solid above
cloudbank() {
  awk -v X0="$1" -v X1="$2" -v Y="$3" -v ST="$4" -v R="$5" -v S="$6" -v C="$7" 'BEGIN{ srand(S);
    printf "<g fill=\"%s\"><rect x=\"%d\" y=\"-10\" width=\"%d\" height=\"%d\"/>", C, X0, X1-X0, Y+10;
    for(x=X0;x<=X1;x+=ST*(.7+rand()*.6)){ r=R*(.6+rand()*.7); printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>",x,Y-r*.25+rand()*10,r }
    print "</g>" }'
}
# marigolds X Y W H COUNT SEED : clusters of orange/yellow flowers
marigolds() {
  awk -v X="$1" -v Y="$2" -v W="$3" -v H="$4" -v N="$5" -v S="$6" -v R="${7:-22}" 'BEGIN{ srand(S);
    split("#f28c1c #f6a21e #e8731a #f7b733",C," ");
    for(i=0;i<N;i++){ x=X+rand()*W; y=Y+rand()*H; r=R*(.8+rand()*.4); c=C[1+int(rand()*4)];
      printf "<g transform=\"translate(%.1f,%.1f)\"><circle r=\"%.1f\" fill=\"%s\"/>",x,y,r,c;
      for(k=0;k<10;k++){a=k*.628+rand()*.2; printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\" opacity=\".9\"/>",cos(a)*r*.62,sin(a)*r*.62,r*.42,(k%2?"#fbc34a":c)}
      printf "<circle r=\"%.1f\" fill=\"#c8560f\"/><circle r=\"%.1f\" fill=\"#ffd45e\" opacity=\".7\" cx=\"-2\" cy=\"-2\"/></g>\n",r*.38,r*.16 } }'
}

# Shared <defs>: fish, boat, palm, clay pot, leaf, hand, logo mark, gradients
DEFS() { cat <<'SVG'
<linearGradient id="fBody" x1="0" y1="0" x2="0" y2="1">
 <stop offset="0" stop-color="#1d4756"/><stop offset=".2" stop-color="#3f7584"/>
 <stop offset=".4" stop-color="#a9c2c8"/><stop offset=".56" stop-color="#eef3f1"/>
 <stop offset=".78" stop-color="#f2e4b8"/><stop offset="1" stop-color="#cf9f45"/>
</linearGradient>
<linearGradient id="fSheen" x1="0" y1="0" x2="1" y2="0">
 <stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".35" stop-color="#fff" stop-opacity=".85"/>
 <stop offset="1" stop-color="#fff" stop-opacity="0"/>
</linearGradient>
<linearGradient id="fGold" x1="0" y1="0" x2="1" y2="0">
 <stop offset="0" stop-color="#e0a526" stop-opacity="0"/><stop offset=".3" stop-color="#e0a526" stop-opacity=".5"/>
 <stop offset="1" stop-color="#f3c969" stop-opacity="0"/>
</linearGradient>
<linearGradient id="fFin" x1="0" y1="0" x2="1" y2="1">
 <stop offset="0" stop-color="#cfd8d2"/><stop offset="1" stop-color="#7f959a"/>
</linearGradient>
<linearGradient id="fTail" x1="0" y1="0" x2="1" y2="0">
 <stop offset="0" stop-color="#b8c8c9"/><stop offset=".55" stop-color="#8fa4a6"/><stop offset="1" stop-color="#45606a"/>
</linearGradient>
<pattern id="fScales" width="14" height="16" patternUnits="userSpaceOnUse">
 <path d="M2,0 Q11,8 2,16 M9,-8 Q18,0 9,8 M9,8 Q18,16 9,24" fill="none" stroke="#ffffff" stroke-opacity=".42" stroke-width="1.1"/>
</pattern>
<clipPath id="fClip"><path d="M0,4 C22,-34 80,-70 170,-72 C250,-73 318,-40 360,-14 L360,14 C318,40 250,80 165,80 C85,80 24,46 0,4Z"/></clipPath>
<g id="fish">
 <path d="M352,-14 C388,-34 432,-72 478,-100 C464,-60 448,-28 426,0 C448,28 464,60 478,100 C432,72 388,34 352,14Z" fill="url(#fTail)" stroke="#34525c" stroke-width="2" stroke-linejoin="round"/>
 <path d="M380,-20 L458,-84 M382,-9 L436,-30 M380,20 L458,84 M382,9 L436,30" stroke="#5d7880" stroke-width="1.2" opacity=".6"/>
 <path d="M150,-66 C160,-104 196,-124 226,-124 C214,-104 210,-84 214,-62Z" fill="url(#fFin)" stroke="#34525c" stroke-width="1.5" stroke-linejoin="round"/>
 <path d="M280,52 C300,68 330,58 356,22 L352,14 C330,36 304,46 280,48Z" fill="url(#fFin)" opacity=".9"/>
 <path d="M190,76 C206,96 226,104 244,106 C234,92 226,82 224,72Z" fill="url(#fFin)" stroke="#34525c" stroke-width="1.2"/>
 <path d="M0,4 C22,-34 80,-70 170,-72 C250,-73 318,-40 360,-14 L360,14 C318,40 250,80 165,80 C85,80 24,46 0,4Z" fill="url(#fBody)"/>
 <g clip-path="url(#fClip)">
  <rect x="100" y="-80" width="270" height="170" fill="url(#fScales)"/>
  <path d="M90,-6 C170,-34 280,-30 362,-4 C280,-16 170,-14 90,-6Z" fill="url(#fSheen)"/>
  <path d="M40,30 C150,40 260,30 362,8 L362,30 C260,58 150,64 40,52Z" fill="url(#fGold)"/>
  <path d="M0,4 C20,-30 60,-56 96,-58 C118,-22 118,22 100,56 C60,54 24,40 0,4Z" fill="#e8c979" opacity=".3"/>
  <path d="M40,70 C120,86 250,70 360,14" fill="none" stroke="#b9862c" stroke-width="3" opacity=".6"/>
 </g>
 <path d="M96,-58 C118,-22 118,22 100,56" fill="none" stroke="#587b84" stroke-width="2.5" stroke-linecap="round"/>
 <path d="M108,-44 C124,-16 124,18 112,44" fill="none" stroke="#ffffff" stroke-width="1.5" opacity=".5"/>
 <ellipse cx="140" cy="-28" rx="10" ry="7" fill="#24505c" opacity=".3"/>
 <path d="M102,22 C126,28 150,42 164,58 C136,56 114,46 102,34Z" fill="url(#fFin)" stroke="#34525c" stroke-width="1.2"/>
 <path d="M1,6 L16,8.5" fill="none" stroke="#34525c" stroke-width="2" stroke-linecap="round"/>
 <circle cx="40" cy="-9" r="10.5" fill="#f0d994" stroke="#8a6a26" stroke-width="1.8"/>
 <circle cx="41" cy="-9" r="6" fill="#0e1f26"/>
 <circle cx="38.5" cy="-11.5" r="2.2" fill="#fff"/>
 <path d="M0,4 C22,-34 80,-70 170,-72 C250,-73 318,-40 360,-14 M360,14 C318,40 250,80 165,80 C85,80 24,46 0,4" fill="none" stroke="#23434e" stroke-width="2" opacity=".65"/>
</g>
<g id="fishSil"><path d="M0,4 C22,-34 80,-70 170,-72 C250,-73 318,-40 352,-14 C388,-34 432,-72 478,-100 C464,-60 448,-28 426,0 C448,28 464,60 478,100 C432,72 388,34 352,14 C318,40 250,80 165,80 C85,80 24,46 0,4Z"/></g>

<linearGradient id="ice1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#b4d9e5"/></linearGradient>
<linearGradient id="ice2" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eaf6f9"/><stop offset=".6" stop-color="#a9cfdc"/><stop offset="1" stop-color="#e6f3f7"/></linearGradient>
<linearGradient id="ice3" x1="1" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f7fbfc"/><stop offset="1" stop-color="#c6e2eb"/></linearGradient>
<linearGradient id="wood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8a5a2e"/><stop offset="1" stop-color="#3e2412"/></linearGradient>
<g id="boat">
 <path d="M-178,-44 C-150,-8 -118,10 -78,14 L78,14 C120,10 152,-10 182,-48 C150,-26 110,-18 62,-18 L-62,-18 C-108,-18 -146,-24 -178,-44Z" fill="url(#wood)"/>
 <path d="M-178,-44 C-146,-24 -108,-18 -62,-18 L62,-18 C110,-18 150,-26 182,-48" fill="none" stroke="#d39a4e" stroke-width="4" stroke-linecap="round"/>
 <path d="M-150,-18 C-120,0 -90,6 -60,6 L60,6 C96,6 126,-2 152,-20" fill="none" stroke="#2b180b" stroke-width="2.5" opacity=".55"/>
</g>
<g id="canopy">
 <path d="M-44,-18 C-46,-78 54,-80 56,-18Z" fill="#9a7640"/>
 <path d="M-34,-18 C-34,-66 44,-68 46,-18 M-20,-18 C-20,-60 30,-62 32,-18 M-4,-20 C-4,-60 16,-62 16,-20" fill="none" stroke="#6b4f26" stroke-width="3"/>
 <path d="M-44,-18 C-46,-78 54,-80 56,-18" fill="none" stroke="#c9a060" stroke-width="3"/>
</g>
<g id="palm">
 <path d="M-6,0 C-4,-60 4,-120 22,-170 L30,-168 C14,-118 8,-60 8,0Z"/>
 <path d="M26,-170 C0,-190 -40,-186 -64,-160 C-34,-176 -6,-174 24,-164Z M26,-170 C50,-196 92,-194 114,-166 C84,-180 54,-176 28,-162Z M26,-172 C18,-210 -10,-228 -40,-230 C-14,-214 6,-196 22,-168Z M26,-172 C42,-208 74,-222 100,-220 C74,-206 50,-192 30,-166Z M24,-168 C0,-160 -20,-136 -26,-110 C-12,-132 4,-150 28,-162Z M28,-168 C58,-160 76,-138 80,-112 C64,-134 48,-150 26,-160Z"/>
</g>
<g id="boatSil"><path d="M-178,-44 C-150,-8 -118,10 -78,14 L78,14 C120,10 152,-10 182,-48 C150,-26 110,-18 62,-18 L-62,-18 C-108,-18 -146,-24 -178,-44Z"/></g>
<g id="poler"><circle cx="0" cy="-96" r="9"/><path d="M-8,-86 L8,-86 L10,-40 L14,0 L4,0 L0,-34 L-4,0 L-14,0 L-10,-40Z"/><path d="M6,-80 L34,-60 L30,-54 L4,-70Z"/><path d="M-30,-150 L40,40" stroke="currentColor" stroke-width="3.5" fill="none"/></g>
<g id="sitter"><circle cx="0" cy="-46" r="8"/><path d="M-10,-38 C-14,-20 -16,-6 -18,0 L16,0 C12,-10 8,-24 8,-38Z"/></g>
<g id="bird"><path d="M-14,-4 Q-7,-10 0,0 Q7,-10 14,-4 Q7,-6 0,3 Q-7,-6 -14,-4Z"/></g>

<radialGradient id="clay" cx=".38" cy=".3" r=".8"><stop offset="0" stop-color="#d67a45"/><stop offset=".55" stop-color="#a94a22"/><stop offset="1" stop-color="#5e2410"/></radialGradient>
<linearGradient id="clayRim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#e08d57"/><stop offset="1" stop-color="#9c4220"/></linearGradient>
<radialGradient id="curry" cx=".45" cy=".4" r=".65"><stop offset="0" stop-color="#e8561f"/><stop offset=".6" stop-color="#c43a14"/><stop offset="1" stop-color="#7e200b"/></radialGradient>
<linearGradient id="leafG" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3f9a3a"/><stop offset=".5" stop-color="#2e7d2e"/><stop offset="1" stop-color="#1f5e25"/></linearGradient>
<g id="curryLeaf"><path d="M0,0 C8,-10 26,-12 38,0 C26,12 8,10 0,0Z" fill="#2f6b2a"/><path d="M2,0 L34,0" stroke="#6fa85a" stroke-width="1.2"/></g>
<g id="chilli"><path d="M0,0 C30,-6 70,-4 100,10 C104,14 100,18 94,16 C66,8 32,8 2,10 C-4,8 -4,2 0,0Z" fill="#3f8f2c"/><path d="M0,5 C-10,2 -16,-4 -18,-10" stroke="#3a6a22" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M14,2 C40,-2 66,0 90,8" stroke="#8fd06a" stroke-width="2" fill="none" opacity=".7"/></g>
<g id="redChilli"><path d="M0,0 C30,-8 70,-6 100,10 C104,14 100,18 94,16 C66,8 32,8 2,10 C-4,8 -4,2 0,0Z" fill="#b3200f"/><path d="M0,5 C-10,2 -16,-4 -18,-10" stroke="#4f6a22" stroke-width="4" fill="none" stroke-linecap="round"/><path d="M14,2 C40,-4 66,0 90,8" stroke="#ef6a4a" stroke-width="2" fill="none" opacity=".6"/></g>
<g id="fishPiece">
 <ellipse cx="0" cy="4" rx="60" ry="30" fill="#7e200b" opacity=".5"/>
 <path d="M-56,0 C-56,-22 -28,-30 0,-30 C28,-30 56,-22 56,0 C56,20 28,28 0,28 C-28,28 -56,20 -56,0Z" fill="#d06a33"/>
 <path d="M-42,2 C-40,-12 -20,-18 0,-18 C20,-18 40,-12 42,2 C40,14 20,18 0,18 C-20,18 -40,14 -42,2Z" fill="#e89a5c"/>
 <path d="M-56,0 C-56,-22 -28,-30 0,-30 C28,-30 56,-22 56,0" fill="none" stroke="#c7d2d4" stroke-width="7" stroke-linecap="round"/>
 <path d="M-40,-20 C-16,-28 16,-28 40,-20" fill="none" stroke="#fff" stroke-width="2.5" opacity=".8"/>
 <ellipse cx="0" cy="0" rx="8" ry="6" fill="#f3e2c0" stroke="#9a5a30" stroke-width="2"/>
 <path d="M-30,10 C-10,16 14,16 34,8" fill="none" stroke="#b2400f" stroke-width="6" opacity=".7" stroke-linecap="round"/>
</g>
<g id="pot">
 <path d="M-236,0 C-330,90 -306,262 -150,322 C-58,352 58,352 150,322 C306,262 330,90 236,0Z" fill="url(#clay)"/>
 <path d="M-262,110 C-120,170 120,170 262,110" fill="none" stroke="#f2c69a" stroke-width="5" opacity=".55"/>
 <path d="M-266,132 C-120,194 120,194 266,132" fill="none" stroke="#5e2410" stroke-width="3" opacity=".5"/>
 <path d="M-240,150 l18,14 M-200,164 l18,14 M-160,174 l18,14 M-120,180 l18,14 M-80,184 l18,14 M-40,186 l18,14 M0,186 l18,14 M40,186 l18,14 M80,184 l18,14 M120,180 l18,14 M160,174 l18,14 M200,164 l18,14" stroke="#f2c69a" stroke-width="4" opacity=".45" stroke-linecap="round"/>
 <path d="M-190,60 C-220,140 -200,220 -140,270" fill="none" stroke="#f6b07a" stroke-width="14" opacity=".25" stroke-linecap="round"/>
 <ellipse cx="0" cy="0" rx="250" ry="82" fill="url(#clayRim)"/>
 <ellipse cx="0" cy="-4" rx="222" ry="66" fill="#4a1a0c"/>
 <ellipse cx="0" cy="6" rx="214" ry="58" fill="url(#curry)"/>
</g>
<g id="hand" stroke-linecap="round" fill="none">
 <path d="M-90,44 L-150,64" stroke="#7a4526" stroke-width="26"/><path d="M-90,44 L-150,64" stroke="#b9784c" stroke-width="22"/>
 <path d="M-94,20 L-178,34" stroke="#7a4526" stroke-width="29"/><path d="M-94,20 L-178,34" stroke="#b9784c" stroke-width="25"/>
 <path d="M-96,-4 L-192,0" stroke="#7a4526" stroke-width="30"/><path d="M-96,-4 L-192,0" stroke="#bf7f52" stroke-width="26"/>
 <path d="M-92,-28 L-180,-38" stroke="#7a4526" stroke-width="29"/><path d="M-92,-28 L-180,-38" stroke="#c4865a" stroke-width="25"/>
 <path d="M-40,-40 C-70,-56 -100,-66 -124,-66" stroke="#7a4526" stroke-width="30"/><path d="M-40,-40 C-70,-56 -100,-66 -124,-66" stroke="#c4865a" stroke-width="26"/>
 <path d="M0,-48 C-40,-52 -80,-46 -100,-36 C-112,-10 -110,30 -96,54 C-60,62 -20,60 20,52Z" fill="#bf7f52" stroke="none"/>
 <path d="M-20,-44 C-50,-44 -80,-38 -96,-28" stroke="#d9a27c" stroke-width="6" opacity=".5"/>
 <path d="M-132,-37 l-10,-1 M-140,0 l-12,0 M-132,28 l-10,2 M-118,54 l-9,3" stroke="#8a5030" stroke-width="3" opacity=".7"/>
 <path d="M-181,-38 l-6,-.6 M-193,0 l-6,0 M-179,34 l-6,1 M-151,64 l-5,1.6 M-125,-66 l-6,0" stroke="#e7c1a3" stroke-width="12" opacity=".9"/>
 <path d="M10,-58 L70,-62 L80,66 L20,62Z" fill="#e9e2cf" stroke="none"/>
 <path d="M14,-58 L22,62" stroke="#c9bfa6" stroke-width="6"/>
</g>
<g id="mark">
 <circle cx="32" cy="32" r="31" fill="#0f5163"/>
 <circle cx="32" cy="32" r="29" fill="none" stroke="#e0a526" stroke-width="2"/>
 <path d="M12,29 C17,21 26,18 35,20 C40,21 44,23 47,26 L55,19 C54,24 53,27 51,30 C53,33 54,36 55,41 L47,34 C44,37 40,39 35,40 C26,41 17,37 12,29Z" fill="#f3c969"/>
 <path d="M35,20 C40,21 44,23 47,26 C44,27 40,27 36,26 C30,25 22,27 15,30 C18,24 26,19 35,20Z" fill="#fff4d2" opacity=".7"/>
 <circle cx="19.5" cy="27.5" r="2" fill="#0b3a4a"/>
 <path d="M12,47 C16,44 20,44 24,47 C28,50 32,50 36,47 C40,44 44,44 48,47 C50,48.5 52,49 54,48" fill="none" stroke="#9fd6e0" stroke-width="3" stroke-linecap="round"/>
</g>
SVG
}

# svg_head W H : opens an svg with the shared defs
svg_head() { printf '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 %s %s" width="%s" height="%s"><defs>\n' "$1" "$2" "$1" "$2"; DEFS; echo '</defs>'; }

# ------------------------------------------------------------ scenes (4:3, 960x720)
art_fresh_pulasa() { svg_head 960 720; cat <<'SVG'
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f5163"/><stop offset="1" stop-color="#072a36"/></linearGradient>
 <linearGradient id="bl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4caa3e"/><stop offset=".48" stop-color="#2f8a34"/><stop offset=".52" stop-color="#287a2e"/><stop offset="1" stop-color="#1b5a24"/></linearGradient>
 <pattern id="veins" width="22" height="400" patternUnits="userSpaceOnUse" patternTransform="rotate(8)"><path d="M11,0 V400" stroke="#9bd27a" stroke-width="1.4" opacity=".35"/></pattern>
 <clipPath id="leafClip"><path d="M40,360 C180,170 560,110 930,190 C800,420 420,600 40,360Z"/></clipPath>
 <radialGradient id="vig" cx=".5" cy=".5" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".45"/></radialGradient>
</defs>
<rect width="960" height="720" fill="url(#bg)"/>
<path d="M0,150 H960 M0,330 H960 M0,520 H960" stroke="#0b3a4a" stroke-width="3"/>
<path d="M0,152 H960 M0,332 H960 M0,522 H960" stroke="#15708a" stroke-width="1" opacity=".5"/>
<g transform="translate(0,40)">
 <path d="M40,360 C180,170 560,110 930,190 C800,420 420,600 40,360Z" fill="url(#bl)"/>
 <g clip-path="url(#leafClip)">
  <rect x="0" y="0" width="960" height="700" fill="url(#veins)"/>
  <path d="M300,480 l30,-40 l18,44 M640,400 l20,-30 l14,36" fill="none" stroke="#1b5a24" stroke-width="3"/>
 </g>
 <path d="M40,360 C300,260 620,210 930,190" fill="none" stroke="#c7e59a" stroke-width="7" stroke-linecap="round"/>
 <path d="M40,360 C300,264 620,214 930,190" fill="none" stroke="#6fae4c" stroke-width="2"/>
</g>
SVG
ice_chips 110 470 300 130 90 11 17
ice_chips 560 200 330 110 80 12 16
cat <<'SVG'
<g transform="translate(150,380) rotate(-11) scale(1.3)">
 <use href="#fishSil" transform="translate(10,20)" fill="#04171e" opacity=".45"/>
 <use href="#fish"/>
 <circle cx="180" cy="-30" r="3" fill="#fff" opacity=".9"/><circle cx="240" cy="20" r="2.4" fill="#fff" opacity=".8"/>
 <circle cx="120" cy="30" r="2" fill="#fff" opacity=".8"/><circle cx="300" cy="-10" r="2.6" fill="#fff" opacity=".8"/>
</g>
SVG
ice_chips 600 420 260 120 55 13 15
cat <<'SVG'
<g transform="translate(720,600)">
 <circle r="52" fill="#6aa83a"/><circle r="45" fill="#d8ec8a"/>
 <path d="M0,0 L0,-42 M0,0 L36,-21 M0,0 L36,21 M0,0 L0,42 M0,0 L-36,21 M0,0 L-36,-21" stroke="#f3f8cf" stroke-width="4"/>
 <circle r="6" fill="#f3f8cf"/>
</g>
<g transform="translate(820,560) rotate(20)"><path d="M-46,0 A46,46 0 0 0 46,0Z" fill="#6aa83a"/><path d="M-40,0 A40,40 0 0 0 40,0Z" fill="#d8ec8a"/><path d="M0,0 L0,38 M0,0 L-28,26 M0,0 L28,26" stroke="#f3f8cf" stroke-width="3.5"/></g>
<g transform="translate(80,120) rotate(25)">
 <path d="M0,0 C60,6 130,4 190,-8" stroke="#3a6a22" stroke-width="4" fill="none"/>
 <use href="#curryLeaf" transform="translate(20,2) rotate(-40)"/><use href="#curryLeaf" transform="translate(40,4) rotate(40)"/>
 <use href="#curryLeaf" transform="translate(70,4) rotate(-38)"/><use href="#curryLeaf" transform="translate(96,3) rotate(42)"/>
 <use href="#curryLeaf" transform="translate(124,0) rotate(-34)"/><use href="#curryLeaf" transform="translate(150,-3) rotate(38)"/>
 <use href="#curryLeaf" transform="translate(186,-8)"/>
</g>
<rect width="960" height="720" fill="url(#vig)"/>
</svg>
SVG
}

art_pulasa_curry() { svg_head 960 720; cat <<'SVG'
<defs>
 <radialGradient id="bg" cx=".5" cy=".35" r=".8"><stop offset="0" stop-color="#15708a"/><stop offset=".55" stop-color="#0f5163"/><stop offset="1" stop-color="#062530"/></radialGradient>
 <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5a3418"/><stop offset="1" stop-color="#2a170a"/></linearGradient>
 <radialGradient id="sh" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".55"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
 <clipPath id="surf"><ellipse cx="0" cy="6" rx="214" ry="58"/></clipPath>
</defs>
<rect width="960" height="720" fill="url(#bg)"/>
<rect y="470" width="960" height="250" fill="url(#table)"/>
<path d="M0,470 H960" stroke="#8a5a2e" stroke-width="4"/>
<path d="M0,560 C200,556 400,566 960,556 M0,640 C300,646 600,634 960,642" stroke="#24130a" stroke-width="3" fill="none" opacity=".6"/>
<path d="M60,520 C260,440 720,430 910,520 C760,600 220,610 60,520Z" fill="#2e7d2e"/>
<path d="M60,520 C300,506 640,500 910,520" stroke="#a9d27a" stroke-width="4" fill="none"/>
<ellipse cx="480" cy="640" rx="300" ry="40" fill="url(#sh)"/>
<g transform="translate(480,300)">
 <use href="#pot"/>
 <g clip-path="url(#surf)">
  <ellipse cx="-60" cy="-10" rx="80" ry="18" fill="#f08a2a" opacity=".35"/>
  <ellipse cx="90" cy="30" rx="60" ry="12" fill="#f6a23a" opacity=".3"/>
  <use href="#fishPiece" transform="translate(-95,8) scale(1.05,.78)"/>
  <use href="#fishPiece" transform="translate(40,-14) scale(.95,.7)"/>
  <use href="#fishPiece" transform="translate(100,34) scale(1,.72) rotate(8)"/>
  <use href="#fishPiece" transform="translate(-10,40) scale(.9,.66) rotate(-6)"/>
  <circle cx="-150" cy="-12" r="6" fill="#f4b04a" opacity=".8"/><circle cx="-30" cy="-30" r="4" fill="#f4b04a" opacity=".8"/>
  <circle cx="170" cy="4" r="5" fill="#f4b04a" opacity=".8"/><circle cx="40" cy="20" r="3.5" fill="#f4b04a" opacity=".8"/>
  <circle cx="-60" cy="34" r="4" fill="#f4b04a" opacity=".8"/><circle cx="150" cy="-24" r="3" fill="#f4b04a" opacity=".8"/>
  <use href="#curryLeaf" transform="translate(-40,-36) rotate(-20) scale(1.1)"/>
  <use href="#curryLeaf" transform="translate(140,-4) rotate(30)"/>
  <use href="#curryLeaf" transform="translate(-170,24) rotate(-10)"/>
  <use href="#chilli" transform="translate(-10,8) rotate(-14) scale(.8)"/>
 </g>
 <path d="M-214,6 A214,58 0 0 0 214,6" fill="none" stroke="#2a0c04" stroke-width="3" opacity=".5"/>
</g>
<g fill="none" stroke="#e9f3f4" stroke-linecap="round" opacity=".35">
 <path d="M400,230 C380,200 420,180 400,150 C380,120 420,100 404,70" stroke-width="10"/>
 <path d="M490,220 C470,190 510,168 490,136 C470,104 510,84 494,46" stroke-width="12"/>
 <path d="M580,232 C562,204 598,186 580,158 C562,130 598,112 584,84" stroke-width="9"/>
</g>
<use href="#redChilli" transform="translate(760,590) rotate(-20) scale(.9)"/>
<use href="#redChilli" transform="translate(800,620) rotate(-5) scale(.8)"/>
<g transform="translate(130,600)"><path d="M-64,0 C-60,36 60,36 64,0Z" fill="#9c4220"/><ellipse rx="64" ry="18" fill="#c8683a"/><ellipse cy="0" rx="54" ry="13" fill="#5e2410"/><path d="M-50,2 C-30,-22 30,-22 50,2 C30,8 -30,8 -50,2Z" fill="#f0b82a"/><ellipse cx="-8" cy="-8" rx="18" ry="5" fill="#f7d86a"/></g>
<g transform="translate(820,140) rotate(-30)" opacity=".9">
 <path d="M0,0 C60,6 120,2 170,-10" stroke="#3a6a22" stroke-width="4" fill="none"/>
 <use href="#curryLeaf" transform="translate(20,2) rotate(-40)"/><use href="#curryLeaf" transform="translate(44,4) rotate(40)"/>
 <use href="#curryLeaf" transform="translate(74,4) rotate(-38)"/><use href="#curryLeaf" transform="translate(100,2) rotate(42)"/>
 <use href="#curryLeaf" transform="translate(130,-2) rotate(-34)"/><use href="#curryLeaf" transform="translate(168,-10)"/>
</g>
</svg>
SVG
}

art_story_queen() { svg_head 960 720; cat <<'SVG'
<defs>
 <radialGradient id="bg" cx=".5" cy=".46" r=".75"><stop offset="0" stop-color="#1a7f96"/><stop offset=".45" stop-color="#0f5163"/><stop offset="1" stop-color="#05202a"/></radialGradient>
 <radialGradient id="glow" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#f3c969" stop-opacity=".55"/><stop offset=".5" stop-color="#e0a526" stop-opacity=".18"/><stop offset="1" stop-color="#e0a526" stop-opacity="0"/></radialGradient>
 <filter id="blur" x="-20%" y="-40%" width="140%" height="180%"><feGaussianBlur stdDeviation="14"/></filter>
</defs>
<rect width="960" height="720" fill="url(#bg)"/>
<g transform="translate(480,350)" fill="#f3c969" opacity=".12">
SVG
awk 'BEGIN{for(i=0;i<24;i++){a=i*3.14159*2/24; b=a+0.07; printf "<path d=\"M0,0 L%.1f,%.1f L%.1f,%.1fZ\"/>\n",cos(a)*700,sin(a)*700,cos(b)*700,sin(b)*700}}'
cat <<'SVG'
</g>
<ellipse cx="480" cy="350" rx="420" ry="260" fill="url(#glow)"/>
<g fill="none" stroke="#e0a526" stroke-linecap="round">
 <path d="M0,600 C120,580 240,620 360,600 C480,580 600,620 720,600 C840,580 900,600 960,596" stroke-width="4" opacity=".45"/>
 <path d="M0,640 C120,620 240,660 360,640 C480,620 600,660 720,640 C840,620 900,640 960,636" stroke-width="3" opacity=".3"/>
 <path d="M0,680 C120,660 240,700 360,680 C480,660 600,700 720,680 C840,660 900,680 960,676" stroke-width="2" opacity=".2"/>
</g>
<g transform="translate(150,350) rotate(-8) scale(1.38)">
 <use href="#fishSil" fill="#f3c969" filter="url(#blur)" opacity=".75"/>
 <use href="#fish"/>
 <path d="M120,-40 C190,-58 270,-44 330,-18" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".7"/>
</g>
SVG
sparkles 120 110 720 140 9 21 16
sparkles 120 520 720 60 6 22 12
cat <<'SVG'
<g fill="#fff8e0"><path d="M268,300 Q270,318 288,320 Q270,322 268,340 Q266,322 248,320 Q266,318 268,300Z"/><path d="M610,286 Q612,300 626,302 Q612,304 610,318 Q608,304 594,302 Q608,300 610,286Z"/></g>
</svg>
SVG
}

art_story_monsoon() { svg_head 960 720; cat <<'SVG'
<defs>
 <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1b2a33"/><stop offset=".6" stop-color="#3b5563"/><stop offset="1" stop-color="#7d8f8a"/></linearGradient>
 <linearGradient id="flood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6f6a4a"/><stop offset=".35" stop-color="#4e5a48"/><stop offset="1" stop-color="#123d48"/></linearGradient>
 <linearGradient id="c1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3e5664"/><stop offset="1" stop-color="#1d2c35"/></linearGradient>
 <linearGradient id="c2" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#56707c"/><stop offset="1" stop-color="#2b3e49"/></linearGradient>
</defs>
<rect width="960" height="720" fill="url(#sky)"/>
SVG
cloudbank -80 1040 250 30 46 41 "#5b7480"
cloudbank -80 1040 200 28 52 42 "#3f5865"
cloudbank -80 1040 130 26 58 43 "#2a3c47"
cloudbank -80 1040 60 24 62 44 "#1a2730"
cat <<'SVG'
<path d="M0,360 L0,326 C40,318 60,322 90,316 C140,310 170,320 220,318 C300,314 340,326 420,322 C520,318 600,326 700,320 C800,314 880,322 960,318 L960,360Z" fill="#1f3530"/>
<use href="#palm" transform="translate(120,340) scale(.55)" fill="#1f3530"/>
<use href="#palm" transform="translate(170,344) scale(.42) rotate(6)" fill="#1f3530"/>
<use href="#palm" transform="translate(760,336) scale(.6) rotate(-5)" fill="#1f3530"/>
<use href="#palm" transform="translate(820,340) scale(.45)" fill="#1f3530"/>
<use href="#palm" transform="translate(470,338) scale(.35) rotate(10)" fill="#1f3530"/>
<rect y="350" width="960" height="370" fill="url(#flood)"/>
<path d="M0,352 C200,348 700,356 960,350" stroke="#a4a07a" stroke-width="3" fill="none" opacity=".5"/>
SVG
ripples 0 960 360 720 24 31 "#b9b18a" .35
ripples 0 960 370 720 18 32 "#0b2f38" .4
cat <<'SVG'
<g fill="none" stroke="#cfc7a0" stroke-linecap="round" opacity=".35">
 <path d="M120,520 C200,490 300,500 330,540 C350,570 300,590 260,570" stroke-width="4"/>
 <path d="M600,450 C680,430 760,440 780,470 C796,494 760,506 730,492" stroke-width="3"/>
 <path d="M400,640 C520,600 660,610 700,660" stroke-width="5"/>
</g>
<g fill="#3f6a34"><ellipse cx="230" cy="470" rx="34" ry="8"/><ellipse cx="252" cy="464" rx="16" ry="7" fill="#558a44"/><ellipse cx="420" cy="560" rx="46" ry="10"/><ellipse cx="440" cy="552" rx="20" ry="8" fill="#558a44"/><ellipse cx="840" cy="520" rx="30" ry="7"/><ellipse cx="826" cy="514" rx="14" ry="6" fill="#558a44"/></g>
<g transform="translate(620,430) rotate(-4) scale(.5)"><use href="#boat"/><use href="#canopy"/></g>
<path d="M520,452 C560,446 680,446 720,452" stroke="#0b2f38" stroke-width="6" opacity=".4"/>
SVG
rain 0 -40 1100 760 260 33
cat <<'SVG'
<rect width="960" height="720" fill="#15708a" opacity=".08"/>
</svg>
SVG
}

# dawn sky + river backdrop shared by the river scenes: dawn_backdrop W H HORIZON SUNX
dawn_backdrop() { local W=$1 H=$2 HZ=$3 SX=$4; cat <<SVG
<defs>
 <linearGradient id="dSky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b2f3f"/><stop offset=".45" stop-color="#15708a"/><stop offset=".78" stop-color="#c99a6a"/><stop offset="1" stop-color="#f3c969"/></linearGradient>
 <linearGradient id="dWater" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9985e"/><stop offset=".12" stop-color="#4f8a8e"/><stop offset=".45" stop-color="#15708a"/><stop offset="1" stop-color="#0b3a4a"/></linearGradient>
 <radialGradient id="dSun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fff3c4"/><stop offset=".12" stop-color="#f8d77a"/><stop offset=".35" stop-color="#f3c969" stop-opacity=".45"/><stop offset="1" stop-color="#e0a526" stop-opacity="0"/></radialGradient>
</defs>
<rect width="$W" height="$HZ" fill="url(#dSky)"/>
<circle cx="$SX" cy="$HZ" r="$((H/2))" fill="url(#dSun)"/>
<circle cx="$SX" cy="$HZ" r="$((H/18))" fill="#fbe3a0"/>
<path d="M$((SX-420)),$((HZ-120)) q120,-26 260,-6 q90,-14 160,2 q-140,14 -420,4Z" fill="#f6c77f" opacity=".35"/>
<path d="M$((SX+60)),$((HZ-180)) q110,-20 220,-2 q60,-8 120,6 q-150,10 -340,-4Z" fill="#f6c77f" opacity=".25"/>
<rect y="$HZ" width="$W" height="$((H-HZ))" fill="url(#dWater)"/>
SVG
}
# far_shore W HZ : low tree line with palms
far_shore() { local W=$1 HZ=$2; cat <<SVG
<g fill="#0d3340">
<path d="M0,$((HZ+2)) L0,$((HZ-14)) C60,$((HZ-22)) 120,$((HZ-16)) 200,$((HZ-24)) C280,$((HZ-30)) 340,$((HZ-18)) 420,$((HZ-20)) C520,$((HZ-24)) 600,$((HZ-12)) 700,$((HZ-14)) C800,$((HZ-18)) 900,$((HZ-26)) 1000,$((HZ-18)) C1100,$((HZ-12)) 1200,$((HZ-20)) $W,$((HZ-16)) L$W,$((HZ+2))Z"/>
<use href="#palm" transform="translate(90,$((HZ-14))) scale(.3)"/><use href="#palm" transform="translate(120,$((HZ-16))) scale(.24) rotate(8)"/>
<use href="#palm" transform="translate(300,$((HZ-18))) scale(.28) rotate(-6)"/><use href="#palm" transform="translate(560,$((HZ-12))) scale(.22)"/>
<use href="#palm" transform="translate(610,$((HZ-12))) scale(.27) rotate(5)"/><use href="#palm" transform="translate(940,$((HZ-20))) scale(.3)"/>
<use href="#palm" transform="translate(1160,$((HZ-18))) scale(.26) rotate(-4)"/>
</g>
SVG
}
# glints SX HZ H SEED N : sun reflection path on water
glints() {
  awk -v SX="$1" -v HZ="$2" -v H="$3" -v S="$4" -v N="$5" 'BEGIN{ srand(S);
    for(i=0;i<N;i++){ f=rand(); f=f*f; y=HZ+4+(H-HZ)*f; spread=20+f*260; x=SX+(rand()-.5)*2*spread*(.3+rand()*.7); l=(8+rand()*30)*(.4+f*2.2);
      printf "<path d=\"M%.1f,%.1f h%.1f\" stroke=\"#fbe3a0\" stroke-width=\"%.1f\" stroke-linecap=\"round\" opacity=\"%.2f\"/>\n",x-l/2,y,l,1+f*4,(.35+rand()*.6)*(1-f*.6) } }'
}

art_story_catch() { svg_head 960 720; dawn_backdrop 960 720 330 720; far_shore 960 330
glints 720 330 720 51 110
ripples 0 960 336 720 22 52 "#9fd6e0" .3
cat <<'SVG'
<defs>
 <pattern id="mesh" width="18" height="18" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0 H18 M0,0 V18" stroke="#e8e2cc" stroke-width="1.6" fill="none" opacity=".85"/></pattern>
 <pattern id="lungi" width="16" height="16" patternUnits="userSpaceOnUse"><rect width="16" height="16" fill="#15708a"/><path d="M0,4 H16 M4,0 V16" stroke="#e9e2cf" stroke-width="3" opacity=".7"/><path d="M0,12 H16 M12,0 V16" stroke="#0b3a4a" stroke-width="3" opacity=".6"/></pattern>
 <clipPath id="netClip"><path d="M424,402 C520,396 650,420 780,468 C820,500 850,540 868,592 L600,600 C560,560 520,520 490,490 C460,460 440,432 424,402Z"/></clipPath>
</defs>
<path d="M170,600 C300,612 600,612 760,600" stroke="#082a35" stroke-width="18" opacity=".35" fill="none"/>
<g transform="translate(440,556) scale(1.55)"><use href="#boat"/></g>
<g stroke-linecap="round" stroke-linejoin="round" fill="none">
 <path d="M318,440 L300,486 L296,528" stroke="#5a331d" stroke-width="15"/>
 <path d="M334,440 L356,486 L352,528" stroke="#6e4126" stroke-width="15"/>
 <path d="M290,531 h14 M346,531 h16" stroke="#4a2a16" stroke-width="9"/>
 <path d="M303,366 L356,400 L420,410" stroke="#5a331d" stroke-width="13"/>
</g>
<path d="M304,420 L352,420 L366,484 L290,484Z" fill="url(#lungi)"/>
<path d="M300,430 L346,430 L334,356 L298,350Z" fill="#e9e2cf"/>
<path d="M300,430 L346,430 L344,418 L300,418Z" fill="#c9bfa6"/>
<circle cx="306" cy="327" r="20" fill="#6e4126"/>
<path d="M286,322 C288,300 320,298 328,316 C318,312 300,312 286,322Z" fill="#e0a526"/>
<path d="M288,318 C276,322 268,334 270,346 C278,336 284,330 292,326Z" fill="#e0a526"/>
<path d="M323,328 l6,4" stroke="#3a2010" stroke-width="2.5" stroke-linecap="round"/>
<path d="M320,364 L364,394 L426,400" stroke="#6e4126" stroke-width="13" stroke-linecap="round" stroke-linejoin="round" fill="none"/>
<path d="M424,402 C520,396 650,420 780,468 C820,500 850,540 868,592 L600,600 C560,560 520,520 490,490 C460,460 440,432 424,402Z" fill="#0b3a4a" opacity=".25"/>
<g clip-path="url(#netClip)">
 <rect x="400" y="380" width="500" height="240" fill="url(#mesh)"/>
 <use href="#fish" transform="translate(560,470) rotate(28) scale(.34)"/>
 <use href="#fish" transform="translate(660,500) rotate(-16) scale(.3)"/>
 <use href="#fish" transform="translate(720,450) rotate(18) scale(.26)"/>
 <rect x="400" y="380" width="500" height="240" fill="url(#mesh)" opacity=".6"/>
</g>
<path d="M424,402 C520,396 650,420 780,468 C820,500 850,540 868,592" fill="none" stroke="#e8e2cc" stroke-width="3"/>
<g fill="#e0a526" stroke="#8a5a1a" stroke-width="1.5"><ellipse cx="500" cy="402" rx="9" ry="6"/><ellipse cx="590" cy="412" rx="9" ry="6"/><ellipse cx="680" cy="432" rx="9" ry="6"/><ellipse cx="770" cy="462" rx="9" ry="6"/><ellipse cx="836" cy="528" rx="9" ry="6"/></g>
<g fill="#cfeef5" opacity=".85"><circle cx="620" cy="560" r="3"/><circle cx="700" cy="540" r="2.5"/><circle cx="560" cy="540" r="2"/><circle cx="760" cy="570" r="3"/><circle cx="640" cy="520" r="2"/></g>
<path d="M560,604 C640,596 760,596 900,606" stroke="#cfeef5" stroke-width="3" fill="none" opacity=".5" stroke-linecap="round"/>
<path d="M590,620 C660,612 780,614 880,622" stroke="#cfeef5" stroke-width="2" fill="none" opacity=".35" stroke-linecap="round"/>
<g fill="#0d3340"><use href="#bird" transform="translate(180,150) scale(1.2)"/><use href="#bird" transform="translate(220,175)"/><use href="#bird" transform="translate(150,190) scale(.8)"/></g>
</svg>
SVG
}

art_story_selection() { svg_head 960 720; cat <<'SVG'
<defs>
 <radialGradient id="bg" cx=".5" cy=".5" r=".7"><stop offset="0" stop-color="#7fb3c2"/><stop offset=".6" stop-color="#2f7f93"/><stop offset="1" stop-color="#0b3a4a"/></radialGradient>
 <radialGradient id="vig" cx=".5" cy=".5" r=".72"><stop offset=".55" stop-color="#0b3a4a" stop-opacity="0"/><stop offset="1" stop-color="#06222c" stop-opacity=".8"/></radialGradient>
</defs>
<rect width="960" height="720" fill="url(#bg)"/>
SVG
ice_chips -80 -80 1120 880 650 61 26
cat <<'SVG'
<g transform="translate(120,420) rotate(-14) scale(1.45)">
 <use href="#fishSil" transform="translate(6,12)" fill="#2f6f80" opacity=".45"/>
 <use href="#fish"/>
 <path d="M97,-52 C126,-20 126,22 101,54 C112,22 112,-20 97,-52Z" fill="#b81f33"/>
 <path d="M103,-38 C115,-16 115,14 105,38" fill="none" stroke="#f06a6a" stroke-width="2.5" stroke-linecap="round" stroke-dasharray="4 4"/>
 <circle cx="200" cy="-28" r="2.6" fill="#fff"/><circle cx="260" cy="14" r="2.2" fill="#fff"/><circle cx="150" cy="30" r="2" fill="#fff"/>
</g>
SVG
ice_chips 60 540 360 160 60 62 20
ice_chips 560 120 380 120 50 63 20
cat <<'SVG'
<g transform="translate(790,270) rotate(-22) scale(1.2)"><use href="#hand"/></g>
<g fill="none" stroke="#fff" stroke-linecap="round" opacity=".85">
 <path d="M505,322 a30,30 0 0 1 14,-22" stroke-width="3"/><path d="M528,300 l8,-8" stroke-width="3"/>
</g>
<rect width="960" height="720" fill="url(#vig)"/>
</svg>
SVG
}

art_story_delivery() { svg_head 960 720; cat <<'SVG'
<defs>
 <radialGradient id="bg" cx=".5" cy=".4" r=".8"><stop offset="0" stop-color="#1a7f96"/><stop offset=".6" stop-color="#0f5163"/><stop offset="1" stop-color="#06222c"/></radialGradient>
 <linearGradient id="front" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f7f6"/><stop offset="1" stop-color="#c7d6d9"/></linearGradient>
 <linearGradient id="side" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#b6c8cc"/><stop offset="1" stop-color="#8eaab0"/></linearGradient>
 <linearGradient id="lid" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#dfe8e9"/><stop offset="1" stop-color="#a9bfc4"/></linearGradient>
 <linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e1e4"/><stop offset=".5" stop-color="#9fb0b6"/><stop offset="1" stop-color="#eef3f4"/></linearGradient>
 <clipPath id="open"><path d="M236,372 L726,372 L780,268 L290,268Z"/></clipPath>
 <radialGradient id="sh" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#000" stop-opacity=".5"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>
</defs>
<rect width="960" height="720" fill="url(#bg)"/>
<rect y="560" width="960" height="160" fill="#0a2f3b" opacity=".6"/>
<ellipse cx="520" cy="660" rx="380" ry="44" fill="url(#sh)"/>
<path d="M270,250 L790,250 L760,60 L300,60Z" fill="url(#lid)"/>
<path d="M300,60 L760,60 L768,80 L296,80Z" fill="#f4f7f6"/>
<path d="M330,90 L730,90 L752,230 L310,230Z" fill="#c3d3d6"/>
<path d="M214,380 L746,380 L810,256 L278,256Z" fill="#e9eff0"/>
<path d="M236,372 L726,372 L780,268 L290,268Z" fill="url(#foil)"/>
<g clip-path="url(#open)">
SVG
ice_chips 220 250 580 140 160 71 16
cat <<'SVG'
 <use href="#fish" transform="translate(300,330) rotate(-6) scale(.62)"/>
 <use href="#fish" transform="translate(760,300) rotate(176) scale(.6)"/>
 <use href="#fish" transform="translate(340,368) rotate(-10) scale(.6)"/>
SVG
ice_chips 220 320 580 80 90 72 14
cat <<'SVG'
</g>
<path d="M214,380 L746,380 L746,640 L214,640Z" fill="url(#front)"/>
<path d="M746,380 L810,256 L810,516 L746,640Z" fill="url(#side)"/>
<path d="M214,380 L746,380 L810,256" fill="none" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>
<path d="M214,470 H746 L810,346" fill="none" stroke="#e0a526" stroke-width="26" stroke-linejoin="round"/>
<path d="M214,460 H746 L810,336" fill="none" stroke="#f3c969" stroke-width="4" stroke-linejoin="round" opacity=".8"/>
<path d="M420,470 h120 v40 a20,20 0 0 1 -20,20 h-80 a20,20 0 0 1 -20,-20Z" fill="#0f5163" opacity=".25"/>
<g transform="translate(480,560)" fill="none" stroke="#15708a" stroke-width="5" stroke-linecap="round">
 <path d="M0,-40 V40 M-35,-20 L35,20 M-35,20 L35,-20"/>
 <path d="M-10,-32 L0,-22 L10,-32 M-10,32 L0,22 L10,32 M-30,-6 L-26,-20 M30,6 L26,20 M-30,6 L-26,20 M30,-6 L26,-20"/>
</g>
<g fill="#e9f6fa" opacity=".4">
 <path d="M300,250 C280,210 330,200 310,160 C300,140 320,120 312,100" stroke="#e9f6fa" stroke-width="10" fill="none" stroke-linecap="round" opacity=".5"/>
 <path d="M660,240 C640,206 690,196 670,160 C660,140 680,124 672,106" stroke="#e9f6fa" stroke-width="8" fill="none" stroke-linecap="round" opacity=".5"/>
</g>
SVG
sparkles 60 80 840 160 8 73 12
echo '</svg>'
}

# ------------------------------------------------------------ 16:9 scenes (1280x720)
art_river_boats() { svg_head 1280 720; dawn_backdrop 1280 720 380 880; far_shore 1280 380
glints 880 380 720 81 170
ripples 0 1280 386 720 26 82 "#9fd6e0" .28
ripples 0 1280 390 720 20 83 "#082c38" .35
cat <<'SVG'
<g fill="#0d3340" color="#0d3340">
 <g transform="translate(300,414) scale(.3)"><use href="#boatSil"/><use href="#poler" transform="translate(-60,-16)"/></g>
 <g transform="translate(300,418) scale(.3,-.18)" opacity=".35"><use href="#boatSil"/></g>
 <g transform="translate(1010,474) scale(.62)"><use href="#boatSil"/><use href="#canopy" fill="#0d3340"/><use href="#sitter" transform="translate(-110,-16)"/><use href="#sitter" transform="translate(120,-16) scale(.9)"/></g>
</g>
<g transform="translate(1010,484) scale(.62,-.4)" opacity=".3" fill="#0d3340"><use href="#boatSil"/></g>
<g transform="translate(470,606) scale(1.25)">
 <path d="M-170,16 C-60,30 60,30 176,14" stroke="#082a35" stroke-width="14" fill="none" opacity=".45" stroke-linecap="round"/>
 <use href="#boat"/><use href="#canopy" transform="translate(40,0)"/>
 <g fill="#2b1a10" color="#2b1a10"><use href="#poler" transform="translate(-110,-16) scale(1.05)"/></g>
</g>
<g transform="translate(470,630) scale(1.25,-.6)" opacity=".22"><use href="#boat"/></g>
<g fill="#0d3340"><use href="#bird" transform="translate(420,190) scale(1.2)"/><use href="#bird" transform="translate(462,214)"/><use href="#bird" transform="translate(388,226) scale(.8)"/><use href="#bird" transform="translate(700,150) scale(.7)"/></g>
</svg>
SVG
}

art_blog_1() { svg_head 1280 720; cat <<'SVG'
<defs>
 <radialGradient id="bg" cx=".5" cy=".55" r=".8"><stop offset="0" stop-color="#15708a"/><stop offset=".6" stop-color="#0b3a4a"/><stop offset="1" stop-color="#061f28"/></radialGradient>
 <radialGradient id="brass" cx=".4" cy=".35" r=".75"><stop offset="0" stop-color="#fbe3a0"/><stop offset=".45" stop-color="#e0a526"/><stop offset="1" stop-color="#8a5a10"/></radialGradient>
 <radialGradient id="brassIn" cx=".45" cy=".4" r=".7"><stop offset="0" stop-color="#f3c969"/><stop offset="1" stop-color="#b57d18"/></radialGradient>
 <radialGradient id="flame" cx=".5" cy=".6" r=".5"><stop offset="0" stop-color="#fff6c8"/><stop offset=".5" stop-color="#f3c969"/><stop offset="1" stop-color="#e07a1a"/></radialGradient>
 <radialGradient id="halo" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#f3c969" stop-opacity=".55"/><stop offset="1" stop-color="#f3c969" stop-opacity="0"/></radialGradient>
 <g id="diya"><circle cy="-40" r="70" fill="url(#halo)"/><path d="M-46,0 C-40,26 40,26 46,0 C30,-8 -30,-8 -46,0Z" fill="#b4532a"/><path d="M-46,0 C-30,8 30,8 46,0 C30,-8 -30,-8 -46,0Z" fill="#6b2a10"/><path d="M0,-4 C-14,-18 -8,-40 2,-56 C10,-38 16,-18 0,-4Z" fill="url(#flame)"/></g>
 <g id="mango"><path d="M0,0 C14,20 14,60 0,86 C-14,60 -14,20 0,0Z" fill="#2f7d32"/><path d="M0,4 V80" stroke="#8fc46a" stroke-width="2"/></g>
</defs>
<rect width="1280" height="720" fill="url(#bg)"/>
<g fill="#e0a526" opacity=".18">
SVG
awk 'BEGIN{for(r=1;r<=4;r++){n=12*r; for(i=0;i<n;i++){a=i*6.2832/n; printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>",640+cos(a)*(300+r*70),400+sin(a)*(190+r*46),5-r*.6}} print ""}'
cat <<'SVG'
</g>
<path d="M-20,40 C300,90 980,90 1300,40" stroke="#c99a4a" stroke-width="4" fill="none"/>
SVG
awk 'BEGIN{for(i=0;i<15;i++){x=20+i*88; y=40+ 50*(1-((x-640)/660)^2)*0.9; printf "<use href=\"#mango\" transform=\"translate(%.1f,%.1f) rotate(%d)\"/>\n",x,y,(i%2?8:-8)}}'
marigolds 0 20 1280 20 0 1 22
awk 'BEGIN{for(i=0;i<14;i++){x=64+i*88; y=40+50*(1-((x-640)/660)^2)*0.9; printf "%d %d\n",x,y}}' | while read -r x y; do marigolds "$x" "$y" 1 1 1 $((x+7)) 20; done
cat <<'SVG'
<ellipse cx="640" cy="470" rx="330" ry="200" fill="#041820" opacity=".45"/>
<ellipse cx="640" cy="440" rx="330" ry="200" fill="url(#brass)"/>
<ellipse cx="640" cy="440" rx="300" ry="178" fill="none" stroke="#fbe3a0" stroke-width="3" opacity=".6"/>
<ellipse cx="640" cy="446" rx="262" ry="150" fill="url(#brassIn)"/>
<path d="M440,380 C520,330 700,320 820,350" stroke="#fff" stroke-width="8" opacity=".25" fill="none" stroke-linecap="round"/>
<g transform="translate(418,452) rotate(-5) scale(.92)"><use href="#fishSil" transform="translate(8,12)" fill="#6b4510" opacity=".45"/><use href="#fish"/></g>
<g transform="translate(780,555)"><ellipse rx="26" ry="12" fill="#f0c23a"/><path d="M-20,0 C-10,-16 10,-16 20,0Z" fill="#f7d86a"/></g>
<g transform="translate(838,540)"><ellipse rx="22" ry="10" fill="#c2182b"/><path d="M-16,0 C-8,-14 8,-14 16,0Z" fill="#e0334a"/></g>
SVG
awk 'BEGIN{for(i=0;i<=18;i++){a=3.1416*(0.05+0.9*i/18); printf "%.0f %.0f\n",640-cos(a)*360,452+sin(a)*226}}' | while read -r x y; do marigolds "$x" "$y" 1 1 1 $((x*3+y)) 24; done
cat <<'SVG'
<use href="#diya" transform="translate(170,600)"/><use href="#diya" transform="translate(1110,600)"/>
SVG
marigolds 220 640 140 40 5 91 18
marigolds 920 640 140 40 5 92 18
echo '</svg>'
}

art_blog_2() { svg_head 1280 720; cat <<'SVG'
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#15708a"/><stop offset="1" stop-color="#0b3a4a"/></linearGradient>
 <linearGradient id="slate" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2d3e44"/><stop offset="1" stop-color="#1a262b"/></linearGradient>
 <radialGradient id="lemon" cx=".45" cy=".45" r=".55"><stop offset="0" stop-color="#fff7b0"/><stop offset=".8" stop-color="#f7df4a"/><stop offset="1" stop-color="#e8c21a"/></radialGradient>
 <g id="lemonHalf"><circle r="58" fill="#e8c21a"/><circle r="52" fill="#fffbe0"/><circle r="46" fill="url(#lemon)"/>
  <path d="M0,0 L0,-42 M0,0 L30,-30 M0,0 L42,0 M0,0 L30,30 M0,0 L0,42 M0,0 L-30,30 M0,0 L-42,0 M0,0 L-30,-30" stroke="#fffbe0" stroke-width="4"/><circle r="6" fill="#fffbe0"/></g>
 <g id="spinach"><path d="M0,0 C30,-40 100,-50 150,-10 C110,30 40,34 0,0Z" fill="#2f7d2e"/><path d="M0,0 C50,-14 100,-14 150,-10" stroke="#8fd06a" stroke-width="3" fill="none"/><path d="M40,-8 l14,-18 M70,-12 l16,-20 M100,-12 l14,-16 M50,-6 l12,14 M84,-10 l14,16" stroke="#5aa84a" stroke-width="2"/></g>
 <g id="corLeaf"><path d="M0,0 C-4,-10 4,-18 10,-12 C14,-20 26,-16 22,-6 C30,-4 28,8 18,8 C16,14 4,12 0,0Z" fill="#4fa83e"/></g>
 <g id="coriander"><path d="M0,40 C4,24 10,10 14,-6 M8,18 C16,12 24,8 32,8 M6,24 C-2,18 -10,16 -18,16" stroke="#5d9a3a" stroke-width="2.5" fill="none" stroke-linecap="round"/>
  <use href="#corLeaf" transform="translate(12,-8)"/><use href="#corLeaf" transform="translate(30,8) rotate(30) scale(.8)"/><use href="#corLeaf" transform="translate(-20,16) rotate(-40) scale(.8)"/></g>
</defs>
<rect width="1280" height="720" fill="url(#bg)"/>
<path d="M120,90 L1160,70 L1200,640 L90,660Z" fill="url(#slate)"/>
<path d="M120,90 L1160,70" stroke="#4a5e65" stroke-width="3"/>
<ellipse cx="600" cy="380" rx="330" ry="230" fill="#0b1a1f" opacity=".35"/>
<ellipse cx="590" cy="366" rx="330" ry="230" fill="#eef3f1"/>
<ellipse cx="590" cy="366" rx="270" ry="184" fill="#f8fbfa" stroke="#d9e4e3" stroke-width="3"/>
<use href="#spinach" transform="translate(360,300) rotate(-30) scale(1.2)"/>
<use href="#spinach" transform="translate(380,430) rotate(20) scale(1.1)"/>
<use href="#spinach" transform="translate(720,250) rotate(-160) scale(1)"/>
<g transform="translate(380,380) rotate(-10) scale(.86)"><use href="#fishSil" transform="translate(6,10)" fill="#9ab0b0" opacity=".45"/><use href="#fish"/></g>
<use href="#coriander" transform="translate(300,250) scale(1.3)"/><use href="#coriander" transform="translate(700,440) rotate(40) scale(1.2)"/>
<use href="#coriander" transform="translate(610,460) rotate(-30) scale(1.3)"/>
<use href="#lemonHalf" transform="translate(1000,220)"/>
<use href="#lemonHalf" transform="translate(1060,380) scale(.8)"/>
<g transform="translate(990,520)"><path d="M-50,-10 A60,60 0 0 0 60,0Z" fill="#e8c21a"/><path d="M-44,-8 A52,52 0 0 0 52,-1Z" fill="#fff3a0"/></g>
<g transform="translate(230,560)"><ellipse rx="90" ry="46" fill="#0b1a1f" opacity=".3" cy="8"/><ellipse rx="90" ry="46" fill="#e9e2cf"/><ellipse rx="74" ry="34" fill="#c9bfa6"/>
 <use href="#coriander" transform="translate(-40,-14)"/><use href="#coriander" transform="translate(-4,-22) scale(1.2)"/><use href="#coriander" transform="translate(20,-6) rotate(30)"/><use href="#coriander" transform="translate(-20,2) rotate(-40)"/></g>
<g fill="#f3c969" opacity=".8"><circle cx="880" cy="560" r="5"/><circle cx="900" cy="590" r="4"/><circle cx="860" cy="600" r="4.5"/><circle cx="920" cy="560" r="3.5"/></g>
</svg>
SVG
}

art_blog_3() { svg_head 1280 720; cat <<'SVG'
<defs>
 <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f5163"/><stop offset="1" stop-color="#0b3a4a"/></linearGradient>
 <linearGradient id="table" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a3e1c"/><stop offset="1" stop-color="#2a170a"/></linearGradient>
 <clipPath id="surf"><ellipse cx="0" cy="6" rx="214" ry="58"/></clipPath>
 <g id="bowl"><path d="M-70,0 C-66,46 66,46 70,0Z" fill="#9c4220"/><ellipse rx="70" ry="20" fill="#c8683a"/><ellipse rx="60" ry="14" fill="#5e2410"/></g>
 <g id="garlic"><path d="M0,-30 C24,-30 34,-4 28,12 C22,26 -22,26 -28,12 C-34,-4 -24,-30 0,-30Z" fill="#f4ede0"/><path d="M0,-30 C-8,-10 -8,10 -4,22 M0,-30 C10,-10 12,10 10,22" stroke="#d8ccb6" stroke-width="2" fill="none"/><path d="M-2,-30 L0,-42" stroke="#cbbfa6" stroke-width="4" stroke-linecap="round"/></g>
</defs>
<rect width="1280" height="720" fill="url(#bg)"/>
<rect y="430" width="1280" height="290" fill="url(#table)"/>
<path d="M0,430 H1280" stroke="#9a6a3a" stroke-width="4"/>
<path d="M0,520 C400,514 800,526 1280,516 M0,610 C500,616 900,604 1280,612" stroke="#24130a" stroke-width="3" fill="none" opacity=".6"/>
<ellipse cx="820" cy="640" rx="300" ry="40" fill="#000" opacity=".35"/>
<g transform="translate(200,470)">
 <path d="M30,-20 L120,-200" stroke="#5f6a6c" stroke-width="30" stroke-linecap="round"/><path d="M36,-40 L112,-190" stroke="#8a9698" stroke-width="8" stroke-linecap="round" opacity=".6"/>
 <path d="M-110,0 C-104,90 104,90 110,0Z" fill="#4f5b5e"/><ellipse rx="110" ry="30" fill="#6f7b7e"/><ellipse rx="84" ry="20" fill="#2f393c"/>
 <path d="M-96,30 C-60,60 60,60 96,30" stroke="#8a9698" stroke-width="5" fill="none" opacity=".5"/>
 <path d="M30,-20 L64,-90" stroke="#5f6a6c" stroke-width="30" stroke-linecap="round"/>
</g>
<g transform="translate(820,300) scale(.95)">
 <use href="#pot"/>
 <g clip-path="url(#surf)">
  <use href="#fishPiece" transform="translate(-90,10) scale(1.05,.78)"/><use href="#fishPiece" transform="translate(50,-12) scale(.95,.7)"/>
  <use href="#fishPiece" transform="translate(100,36) scale(1,.72) rotate(8)"/>
  <circle cx="-150" cy="-12" r="6" fill="#f4b04a" opacity=".8"/><circle cx="-20" cy="-30" r="4" fill="#f4b04a" opacity=".8"/><circle cx="170" cy="4" r="5" fill="#f4b04a" opacity=".8"/>
  <use href="#curryLeaf" transform="translate(-40,-36) rotate(-20) scale(1.1)"/><use href="#curryLeaf" transform="translate(-10,30) rotate(20)"/>
 </g>
</g>
<g fill="none" stroke="#e9f3f4" stroke-linecap="round" opacity=".3">
 <path d="M760,220 C740,190 780,170 760,140 C740,110 780,90 764,60" stroke-width="10"/><path d="M870,210 C850,180 890,160 870,128 C850,96 890,76 874,40" stroke-width="12"/>
</g>
<g transform="translate(170,560)"><use href="#bowl"/><path d="M-56,2 C-36,-26 36,-26 56,2 C36,10 -36,10 -56,2Z" fill="#f0b82a"/></g>
<g transform="translate(360,600)"><use href="#bowl"/><path d="M-56,2 C-36,-26 36,-26 56,2 C36,10 -36,10 -56,2Z" fill="#c4301a"/></g>
<g transform="translate(420,470) scale(.8)"><use href="#bowl"/>
SVG
awk 'BEGIN{srand(5); for(i=0;i<70;i++){do{u=rand()*2-1;v=rand()*2-1}while(u*u+v*v>1); printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>",u*52,v*12-4,(rand()<.5?"#3a2414":"#5a3a1e")} print ""}'
cat <<'SVG'
</g>
<use href="#redChilli" transform="translate(470,520) rotate(-24)"/>
<use href="#redChilli" transform="translate(500,660) rotate(-8) scale(.9)"/>
<use href="#redChilli" transform="translate(80,660) rotate(10) scale(.85)"/>
<use href="#garlic" transform="translate(540,600)"/><use href="#garlic" transform="translate(590,630) rotate(20) scale(.8)"/>
<g transform="translate(40,690) rotate(-6)">
 <path d="M0,0 C60,6 140,4 210,-8" stroke="#3a6a22" stroke-width="4" fill="none"/>
 <use href="#curryLeaf" transform="translate(20,2) rotate(-40)"/><use href="#curryLeaf" transform="translate(44,4) rotate(40)"/><use href="#curryLeaf" transform="translate(74,4) rotate(-38)"/>
 <use href="#curryLeaf" transform="translate(100,3) rotate(42)"/><use href="#curryLeaf" transform="translate(130,0) rotate(-34)"/><use href="#curryLeaf" transform="translate(158,-2) rotate(38)"/><use href="#curryLeaf" transform="translate(206,-8)"/>
</g>
<g fill="#e0a526" opacity=".9"><circle cx="440" cy="700" r="4"/><circle cx="620" cy="560" r="3"/><circle cx="260" cy="680" r="3.5"/></g>
</svg>
SVG
}

art_blog_4() { svg_head 1280 720; cat <<'SVG'
<defs>
 <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b2f3f"/><stop offset=".4" stop-color="#1f5a72"/><stop offset=".72" stop-color="#a8736a"/><stop offset="1" stop-color="#eaa95a"/></linearGradient>
 <linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6a5a56"/><stop offset=".25" stop-color="#15506a"/><stop offset="1" stop-color="#071f2a"/></linearGradient>
 <linearGradient id="stone" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8c7b6a"/><stop offset="1" stop-color="#5e5046"/></linearGradient>
 <radialGradient id="flame" cx=".5" cy=".6" r=".5"><stop offset="0" stop-color="#fff6c8"/><stop offset=".5" stop-color="#f3c969"/><stop offset="1" stop-color="#e07a1a"/></radialGradient>
 <radialGradient id="halo" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#f3c969" stop-opacity=".6"/><stop offset="1" stop-color="#f3c969" stop-opacity="0"/></radialGradient>
 <g id="float"><circle cy="-14" r="46" fill="url(#halo)"/><path d="M-28,0 C-20,10 20,10 28,0 C14,-4 -14,-4 -28,0Z" fill="#3f7a2e"/><path d="M-16,-2 C-12,6 12,6 16,-2 C8,-6 -8,-6 -16,-2Z" fill="#b4532a"/><path d="M0,-4 C-7,-12 -4,-24 1,-32 C6,-22 8,-12 0,-4Z" fill="url(#flame)"/>
  <path d="M-3,8 h6 M-6,16 h12 M-2,24 h4" stroke="#f3c969" stroke-width="3" stroke-linecap="round" opacity=".5"/></g>
 <g id="lamp"><circle cy="-16" r="36" fill="url(#halo)"/><path d="M-16,0 C-12,10 12,10 16,0Z" fill="#b4532a"/><path d="M0,-3 C-6,-10 -3,-20 1,-26 C5,-18 6,-10 0,-3Z" fill="url(#flame)"/></g>
</defs>
<rect width="1280" height="720" fill="url(#sky)"/>
<circle cx="980" cy="380" r="220" fill="url(#halo)" opacity=".8"/><circle cx="980" cy="380" r="44" fill="#f6d58a" opacity=".8"/>
<path d="M420,384 L1280,384 L1280,372 C1200,366 1100,374 1000,368 C900,362 800,372 700,370 C600,366 500,374 420,372Z" fill="#0d2a35"/>
<use href="#palm" transform="translate(1120,372) scale(.34)" fill="#0d2a35"/><use href="#palm" transform="translate(1160,374) scale(.26) rotate(8)" fill="#0d2a35"/><use href="#palm" transform="translate(800,372) scale(.28)" fill="#0d2a35"/>
<rect y="380" width="1280" height="340" fill="url(#water)"/>
SVG
ripples 380 1280 386 720 22 101 "#f3c969" .22
cat <<'SVG'
<g fill="#1a2a33">
 <path d="M40,300 L40,170 L60,170 L60,120 L80,120 L80,80 L96,80 L96,50 L110,30 L124,50 L124,80 L140,80 L140,120 L160,120 L160,170 L180,170 L180,300Z"/>
 <path d="M180,300 L180,220 L380,220 L380,300Z"/><path d="M170,220 L390,220 L380,206 L180,206Z"/>
 <circle cx="110" cy="24" r="7" fill="#e0a526"/>
</g>
<g fill="#0d1a20"><rect x="200" y="232" width="18" height="68"/><rect x="250" y="232" width="18" height="68"/><rect x="300" y="232" width="18" height="68"/><rect x="350" y="232" width="18" height="68"/></g>
<path d="M0,300 L430,300 L430,720 L0,720Z" fill="#3f352e"/>
SVG
awk 'BEGIN{ y=300; for(i=0;y<720;i++){ h=14+i*2.6; x=430+i*22; printf "<path d=\"M0,%.1f L%.1f,%.1f L%.1f,%.1f L0,%.1fZ\" fill=\"url(#stone)\"/>\n",y,x,y,x+22,y+h,y+h; printf "<path d=\"M0,%.1f L%.1f,%.1f\" stroke=\"#c9b49a\" stroke-width=\"2\" opacity=\".5\"/>\n",y,x,y; printf "<path d=\"M%.1f,%.1f L%.1f,%.1f\" stroke=\"#2e2520\" stroke-width=\"2\" opacity=\".6\"/>\n",x,y,x+22,y+h; y+=h } print "<path d=\"M0," y " L" x+22 "," y " L" x+22 ",720 L0,720Z\" fill=\"#2e2520\" opacity=\".0\"/>"}'
cat <<'SVG'
<use href="#lamp" transform="translate(140,336)"/><use href="#lamp" transform="translate(300,372)"/><use href="#lamp" transform="translate(90,452)"/>
<use href="#lamp" transform="translate(380,456)"/><use href="#lamp" transform="translate(220,540)"/><use href="#lamp" transform="translate(470,560)"/>
<use href="#lamp" transform="translate(120,640)"/><use href="#lamp" transform="translate(400,664)"/>
<use href="#float" transform="translate(700,470) scale(.7)"/><use href="#float" transform="translate(860,430) scale(.5)"/>
<use href="#float" transform="translate(1010,500) scale(.8)"/><use href="#float" transform="translate(820,580) scale(1)"/>
<use href="#float" transform="translate(1150,610) scale(1.1)"/><use href="#float" transform="translate(650,650) scale(1.2)"/>
<use href="#float" transform="translate(1100,420) scale(.45)"/><use href="#float" transform="translate(960,660) scale(1.3)"/>
<g fill="#0d2a35"><use href="#bird" transform="translate(640,160)"/><use href="#bird" transform="translate(676,178) scale(.8)"/></g>
</svg>
SVG
}

art_blog_5() { svg_head 1280 720; cat <<'SVG'
<defs>
 <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8fc9d6"/><stop offset="1" stop-color="#e9f0df"/></linearGradient>
 <linearGradient id="uw" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2a93a8"/><stop offset=".5" stop-color="#15708a"/><stop offset="1" stop-color="#0b3a4a"/></linearGradient>
 <linearGradient id="ray" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
 <pattern id="bigmesh" width="64" height="64" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0,0 H64 M0,0 V64" stroke="#f1ead2" stroke-width="2.4" fill="none"/></pattern>
 <clipPath id="netArea"><path d="M560,232 L1010,232 C1000,400 980,520 940,620 L620,620 C590,520 570,400 560,232Z"/></clipPath>
</defs>
<rect width="1280" height="232" fill="url(#sky)"/>
<path d="M0,232 L0,206 C120,196 220,204 340,198 C460,192 560,206 700,200 C820,196 940,206 1060,198 C1160,192 1230,200 1280,198 L1280,232Z" fill="#5f8f6a"/>
<use href="#palm" transform="translate(140,206) scale(.4)" fill="#4a7a58"/><use href="#palm" transform="translate(1120,200) scale(.46)" fill="#4a7a58"/><use href="#palm" transform="translate(1170,204) scale(.34) rotate(6)" fill="#4a7a58"/>
<rect y="232" width="1280" height="488" fill="url(#uw)"/>
<g fill="url(#ray)"><path d="M200,232 L300,232 L180,720 L20,720Z"/><path d="M520,232 L580,232 L520,720 L380,720Z"/><path d="M820,232 L900,232 L1000,720 L820,720Z"/><path d="M1100,232 L1160,232 L1280,640 L1280,720 L1180,720Z"/></g>
<path d="M0,232 C80,226 160,238 240,232 C320,226 400,238 480,232 C560,226 640,238 720,232 C800,226 880,238 960,232 C1040,226 1120,238 1200,232 C1240,229 1260,232 1280,232" stroke="#e9f6fa" stroke-width="4" fill="none" opacity=".8"/>
<path d="M0,650 C200,620 360,660 560,640 C760,620 960,660 1280,630 L1280,720 L0,720Z" fill="#c9b17a" opacity=".55"/>
<path d="M0,680 C220,660 420,690 640,676 C860,662 1060,690 1280,672 L1280,720 L0,720Z" fill="#a68d5a" opacity=".6"/>
<g stroke-linecap="round" fill="none">
 <path d="M80,700 C70,640 96,600 84,540" stroke="#2f7d4a" stroke-width="8"/><path d="M110,700 C120,630 100,590 118,520" stroke="#3f9a5a" stroke-width="7"/>
 <path d="M1160,700 C1150,630 1176,590 1164,520" stroke="#2f7d4a" stroke-width="8"/><path d="M1200,700 C1210,640 1190,600 1210,550" stroke="#3f9a5a" stroke-width="6"/>
 <path d="M420,700 C412,660 430,630 424,600" stroke="#3f9a5a" stroke-width="6"/><path d="M1030,700 C1040,650 1020,620 1034,580" stroke="#2f7d4a" stroke-width="7"/>
</g>
<g clip-path="url(#netArea)"><rect x="540" y="220" width="500" height="420" fill="url(#bigmesh)" opacity=".8"/></g>
<path d="M560,232 C570,400 590,520 620,620 M1010,232 C1000,400 980,520 940,620 M620,620 H940" stroke="#f1ead2" stroke-width="4" fill="none"/>
<g fill="#e0a526" stroke="#8a5a1a" stroke-width="2"><ellipse cx="560" cy="232" rx="16" ry="10"/><ellipse cx="680" cy="232" rx="16" ry="10"/><ellipse cx="800" cy="232" rx="16" ry="10"/><ellipse cx="920" cy="232" rx="16" ry="10"/><ellipse cx="1010" cy="232" rx="16" ry="10"/></g>
<use href="#fish" transform="translate(700,380) rotate(-6) scale(.2)"/><use href="#fish" transform="translate(760,470) rotate(8) scale(.17)"/>
<use href="#fish" transform="translate(840,420) rotate(-4) scale(.15)"/>
<use href="#fish" transform="translate(470,420) rotate(-8) scale(.22)"/><use href="#fish" transform="translate(380,500) rotate(4) scale(.18)"/>
<use href="#fish" transform="translate(1040,500) rotate(-10) scale(.19)"/><use href="#fish" transform="translate(1080,390) rotate(6) scale(.16)"/>
<use href="#fish" transform="translate(250,360) rotate(-3) scale(.2)"/><use href="#fish" transform="translate(220,560) rotate(10) scale(.24)"/>
<g fill="none" stroke="#dff4f8" stroke-width="2" opacity=".7"><circle cx="720" cy="350" r="5"/><circle cx="730" cy="320" r="3.5"/><circle cx="726" cy="296" r="2.5"/>
 <circle cx="470" cy="390" r="4"/><circle cx="476" cy="360" r="3"/><circle cx="250" cy="330" r="4"/><circle cx="1040" cy="470" r="4"/><circle cx="1048" cy="440" r="3"/></g>
</svg>
SVG
}

art_blog_6() { svg_head 1280 720; cat <<'SVG'
<defs>
 <linearGradient id="table" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4a2c14"/><stop offset="1" stop-color="#24140a"/></linearGradient>
 <linearGradient id="bl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4caa3e"/><stop offset=".5" stop-color="#2f8a34"/><stop offset="1" stop-color="#1f6a28"/></linearGradient>
 <pattern id="veins" width="20" height="400" patternUnits="userSpaceOnUse" patternTransform="rotate(70)"><path d="M10,0 V400" stroke="#9bd27a" stroke-width="1.3" opacity=".3"/></pattern>
 <radialGradient id="steel" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#f2f5f5"/><stop offset=".6" stop-color="#b8c2c4"/><stop offset="1" stop-color="#7d898c"/></radialGradient>
 <radialGradient id="rice" cx=".4" cy=".35" r=".7"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#dcd6c4"/></radialGradient>
 <radialGradient id="fry" cx=".5" cy=".4" r=".6"><stop offset="0" stop-color="#d98a3a"/><stop offset=".7" stop-color="#a84a18"/><stop offset="1" stop-color="#6a2a0c"/></radialGradient>
 <clipPath id="leafC"><path d="M120,110 C420,60 900,60 1180,120 C1220,300 1220,460 1170,620 C880,670 420,672 110,610 C70,440 70,280 120,110Z"/></clipPath>
</defs>
<rect width="1280" height="720" fill="url(#table)"/>
<path d="M0,180 H1280 M0,360 H1280 M0,540 H1280" stroke="#1c0f06" stroke-width="3" opacity=".6"/>
<path d="M120,110 C420,60 900,60 1180,120 C1220,300 1220,460 1170,620 C880,670 420,672 110,610 C70,440 70,280 120,110Z" fill="url(#bl)"/>
<g clip-path="url(#leafC)"><rect width="1280" height="720" fill="url(#veins)"/></g>
<path d="M100,120 C400,110 900,100 1200,110" stroke="#c7e59a" stroke-width="8" fill="none" stroke-linecap="round"/>
<ellipse cx="470" cy="400" rx="190" ry="130" fill="#1b4a20" opacity=".35"/>
<ellipse cx="460" cy="388" rx="190" ry="130" fill="url(#rice)"/>
SVG
awk 'BEGIN{srand(9); for(i=0;i<260;i++){do{u=rand()*2-1;v=rand()*2-1}while(u*u+v*v>.92); printf "<ellipse cx=\"%.1f\" cy=\"%.1f\" rx=\"7\" ry=\"2.6\" transform=\"rotate(%d %.1f %.1f)\" fill=\"%s\"/>",460+u*186,388+v*126,int(rand()*180),460+u*186,388+v*126,(rand()<.5?"#ffffff":"#e6e0cf")} print ""}'
cat <<'SVG'
<path d="M400,300 C440,286 500,290 540,310" stroke="#fff" stroke-width="10" opacity=".6" fill="none" stroke-linecap="round"/>
<g transform="translate(860,300)"><ellipse cy="12" rx="150" ry="96" fill="#1b4a20" opacity=".35"/><ellipse rx="150" ry="96" fill="url(#steel)"/><ellipse rx="128" ry="80" fill="#7d898c"/><ellipse cy="4" rx="124" ry="74" fill="url(#curry)"/>
 <use href="#fishPiece" transform="translate(-30,0) scale(1.1,.9)"/><use href="#fishPiece" transform="translate(60,20) scale(.8,.66) rotate(10)"/>
 <use href="#curryLeaf" transform="translate(20,-40) rotate(20)"/><circle cx="-80" cy="20" r="5" fill="#f4b04a"/><circle cx="70" cy="-30" r="4" fill="#f4b04a"/></g>
<g transform="translate(860,520)">
 <ellipse cx="6" cy="10" rx="120" ry="62" fill="#1b4a20" opacity=".35"/>
 <path d="M-120,0 C-120,-44 -60,-62 0,-62 C60,-62 120,-44 120,0 C120,40 76,58 36,52 C20,28 -20,28 -36,52 C-76,58 -120,40 -120,0Z" fill="url(#fry)"/>
 <path d="M-120,0 C-120,-44 -60,-62 0,-62 C60,-62 120,-44 120,0 C120,40 76,58 36,52 M-36,52 C-76,58 -120,40 -120,0" fill="none" stroke="#3a1a08" stroke-width="7" stroke-linecap="round"/>
 <ellipse rx="14" ry="10" fill="#f0d7a8" stroke="#6a2a0c" stroke-width="3"/>
 <g fill="#f3c969" opacity=".7"><circle cx="-60" cy="-10" r="4"/><circle cx="40" cy="20" r="3.5"/><circle cx="-20" cy="30" r="3"/><circle cx="70" cy="-24" r="3"/><circle cx="-80" cy="24" r="3"/></g>
 <g fill="#b3200f" opacity=".7"><circle cx="-40" cy="-30" r="3"/><circle cx="60" cy="6" r="3"/><circle cx="10" cy="-36" r="2.6"/></g>
</g>
<g transform="translate(260,560)"><circle r="70" fill="#f3e3b0"/><circle r="64" fill="#ead29a"/>
 <g fill="#c9a45a"><circle cx="-20" cy="-18" r="4"/><circle cx="24" cy="-10" r="3.5"/><circle cx="0" cy="20" r="4"/><circle cx="-34" cy="18" r="3"/><circle cx="34" cy="28" r="3"/><circle cx="10" cy="-40" r="3"/></g></g>
<g transform="translate(660,560) rotate(-20)"><path d="M-50,0 A50,50 0 0 0 50,0Z" fill="#6aa83a"/><path d="M-44,0 A44,44 0 0 0 44,0Z" fill="#d8ec8a"/><path d="M0,0 L0,40 M0,0 L-30,28 M0,0 L30,28" stroke="#f3f8cf" stroke-width="3.5"/></g>
<g fill="none" stroke="#b0507a" stroke-width="7"><ellipse cx="620" cy="200" rx="40" ry="26"/><ellipse cx="660" cy="196" rx="30" ry="20"/></g>
<g fill="none" stroke="#e8c3d6" stroke-width="2"><ellipse cx="620" cy="200" rx="40" ry="26"/><ellipse cx="660" cy="196" rx="30" ry="20"/></g>
<use href="#redChilli" transform="translate(190,260) rotate(20)"/><use href="#redChilli" transform="translate(230,220) rotate(12) scale(.9)"/>
<g transform="translate(1080,560)"><ellipse rx="56" ry="30" fill="url(#steel)"/><ellipse rx="46" ry="22" fill="#f2c14e"/><ellipse cx="-10" cy="-6" rx="18" ry="6" fill="#fbe3a0"/></g>
</svg>
SVG
}

# ------------------------------------------------------------ icons & placeholder
MARK_INNER='<circle cx="32" cy="32" r="31" fill="#0f5163"/><circle cx="32" cy="32" r="29" fill="none" stroke="#e0a526" stroke-width="2"/><path d="M12,29C17,21 26,18 35,20C40,21 44,23 47,26L55,19C54,24 53,27 51,30C53,33 54,36 55,41L47,34C44,37 40,39 35,40C26,41 17,37 12,29Z" fill="#f3c969"/><path d="M35,20C40,21 44,23 47,26C44,27 40,27 36,26C30,25 22,27 15,30C18,24 26,19 35,20Z" fill="#fff4d2" opacity=".7"/><path d="M27,20.5L31,14.5L35.5,20.2Z" fill="#e0a526"/><circle cx="19.5" cy="27.5" r="2" fill="#0b3a4a"/><path d="M12,47C16,44 20,44 24,47C28,50 32,50 36,47C40,44 44,44 48,47C50,48.5 52,49 54,48" fill="none" stroke="#9fd6e0" stroke-width="3" stroke-linecap="round"/>'
art_logo() { printf '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">%s</svg>\n' "$MARK_INNER"; }
# art_app_icon SIZE BG_FRACTION : square, opaque river-blue background, mark scaled to FRACTION of the side
art_app_icon() { local f=$1; awk -v f="$f" -v m="$MARK_INNER" 'BEGIN{ s=f; o=32-32*s;
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 64 64\"><rect width=\"64\" height=\"64\" fill=\"#0b3a4a\"/><g transform=\"translate(%.3f,%.3f) scale(%.4f)\">%s</g></svg>\n", o, o, s, m }'; }
art_auction_placeholder() { cat <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#e3e9ea"/><path d="M0,238C50,228 100,248 150,238C200,228 250,248 300,238C350,228 380,242 400,236V300H0Z" fill="#d5dee0"/><path d="M0,262C50,252 100,272 150,262C200,252 250,272 300,262C350,252 380,266 400,260" fill="none" stroke="#c4cfd2" stroke-width="3"/><g fill="none" stroke="#a3b3b7" stroke-width="5" stroke-linejoin="round" stroke-linecap="round"><path d="M48,150C62,124 94,110 134,112C164,114 188,126 206,140L240,114C235,134 233,144 236,156C233,168 235,180 240,200L206,172C188,186 164,198 134,198C94,200 62,178 48,150Z"/><path d="M94,120C106,138 108,166 96,184"/><path d="M126,112L140,92L156,114"/></g><circle cx="72" cy="144" r="5" fill="#a3b3b7"/><g fill="#b8c5c8"><g transform="translate(318,118) rotate(-35)"><rect x="-40" y="-17" width="80" height="34" rx="8"/><rect x="-6" y="14" width="12" height="86" rx="6"/></g><rect x="262" y="204" width="104" height="18" rx="7"/></g><g fill="#cfd9db"><g transform="translate(318,118) rotate(-35)"><rect x="-28" y="-17" width="7" height="34"/><rect x="21" y="-17" width="7" height="34"/></g></g></svg>
SVG
}

# ------------------------------------------------------------ hero loop
# Every moving part is a periodic function of u = frame/FRAMES, so frame FRAMES would equal frame 0:
# the last frame flows straight into the first (seamless loop).
HERO_W=1280; HERO_H=720; HERO_FPS=24; HERO_SECONDS=7; HERO_HZ=330; HERO_SUN=1010
hero_background() { svg_head $HERO_W $HERO_H; cat <<SVG
<defs>
 <linearGradient id="hSky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#071f2b"/><stop offset=".5" stop-color="#0f4456"/><stop offset=".82" stop-color="#5f6e6a"/><stop offset="1" stop-color="#b98a55"/></linearGradient>
 <linearGradient id="hWater" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7e7558"/><stop offset=".1" stop-color="#2f6470"/><stop offset=".5" stop-color="#0f4a5b"/><stop offset="1" stop-color="#082f3c"/></linearGradient>
 <radialGradient id="hSun" cx=".5" cy=".5" r=".5"><stop offset="0" stop-color="#fbe3a0" stop-opacity=".95"/><stop offset=".1" stop-color="#f3c969" stop-opacity=".6"/><stop offset=".4" stop-color="#e0a526" stop-opacity=".18"/><stop offset="1" stop-color="#e0a526" stop-opacity="0"/></radialGradient>
 <radialGradient id="hRefl" gradientUnits="userSpaceOnUse" cx="$HERO_SUN" cy="$HERO_HZ" r="300" gradientTransform="translate($HERO_SUN,$HERO_HZ) scale(.8,1.3) translate(-$HERO_SUN,-$HERO_HZ)"><stop offset="0" stop-color="#e0a526" stop-opacity=".35"/><stop offset="1" stop-color="#e0a526" stop-opacity="0"/></radialGradient>
</defs>
<rect width="$HERO_W" height="$HERO_HZ" fill="url(#hSky)"/>
<circle cx="$HERO_SUN" cy="$HERO_HZ" r="420" fill="url(#hSun)"/>
<circle cx="$HERO_SUN" cy="$HERO_HZ" r="26" fill="#f8d98e" opacity=".9"/>
<path d="M700,214 q120,-22 260,-6 q90,-12 170,4 q-170,14 -430,2Z" fill="#d9a66a" opacity=".28"/>
<path d="M880,160 q110,-18 230,-2 q60,-6 120,6 q-150,10 -350,-4Z" fill="#d9a66a" opacity=".2"/>
<path d="M120,120 q140,-24 300,-4 q-160,16 -300,4Z" fill="#2a5a68" opacity=".45"/>
<rect y="$HERO_HZ" width="$HERO_W" height="$((HERO_H-HERO_HZ))" fill="url(#hWater)"/>
<rect y="$HERO_HZ" width="$HERO_W" height="$((HERO_H-HERO_HZ))" fill="url(#hRefl)"/>
SVG
far_shore $HERO_W $HERO_HZ | sed 's/#0d3340/#082a36/'
echo '</svg>'
}
# hero_frames DIR : writes DIR/fNNN.svg (each draws DIR/bg.png + animated layers)
hero_frames() {
  awk -v DIR="$1" -v W=$HERO_W -v H=$HERO_H -v HZ=$HERO_HZ -v SX=$HERO_SUN -v N=$((HERO_FPS*HERO_SECONDS)) 'BEGIN{
    PI=3.14159265; TAU=2*PI; srand(20240601);
    K=36;                                   # ripple rows, far -> near
    for(k=0;k<K;k++){ d=(k+.5)/K; Y[k]=HZ+4+(H-HZ-4)*d^1.55; P[k]=int(240+d*520); A[k]=.8+d*5.5; L[k]=40+d*220; SW[k]=.7+d*2.6;
      NS[k]=3+int(rand()*3);                # segments per period
      for(j=0;j<NS[k];j++){ SX0[k,j]=rand()*P[k]; SL[k,j]=(.35+rand()*.65)*P[k]/NS[k]*1.1; SP[k,j]=rand()*TAU; SD[k,j]=(rand()<.42) } }
    G=150;                                  # sun glints
    for(i=0;i<G;i++){ f=rand(); f=f*f; GY[i]=HZ+5+(H-HZ)*f; sp=14+f*240; GX[i]=SX+(rand()-.5)*2*sp*(.2+rand()*.8);
      GL[i]=(5+rand()*24)*(.4+f*2); GW[i]=1+f*3.2; GN[i]=1+int(rand()*3); GP[i]=rand(); GO[i]=(.5+rand()*.5)*(1-f*.55) }
    for(fr=0;fr<N;fr++){ u=fr/N; out=sprintf("%s/f%03d.svg",DIR,fr);
      printf "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\">", W,H,W,H > out;
      printf "<defs><radialGradient id=\"shade\" cx=\".46\" cy=\".5\" r=\".55\"><stop offset=\"0\" stop-color=\"#041820\" stop-opacity=\".42\"/><stop offset=\".7\" stop-color=\"#041820\" stop-opacity=\".2\"/><stop offset=\"1\" stop-color=\"#041820\" stop-opacity=\"0\"/></radialGradient>" > out;
      printf "<linearGradient id=\"mist\" x1=\"0\" y1=\"0\" x2=\"1\" y2=\"0\"><stop offset=\"0\" stop-color=\"#c9d6d0\" stop-opacity=\"0\"/><stop offset=\".5\" stop-color=\"#c9d6d0\" stop-opacity=\".5\"/><stop offset=\"1\" stop-color=\"#c9d6d0\" stop-opacity=\"0\"/></linearGradient></defs>" > out;
      printf "<image href=\"bg.png\" xlink:href=\"bg.png\" x=\"0\" y=\"0\" width=\"%d\" height=\"%d\"/>\n", W,H > out;
      # mist over the far bank, swaying and breathing once per loop
      printf "<ellipse cx=\"%.1f\" cy=\"%d\" rx=\"520\" ry=\"14\" fill=\"url(#mist)\" opacity=\"%.3f\"/>", 420+40*sin(TAU*u), HZ-6, .45+.15*sin(TAU*u+1) > out;
      printf "<ellipse cx=\"%.1f\" cy=\"%d\" rx=\"420\" ry=\"10\" fill=\"url(#mist)\" opacity=\"%.3f\"/>\n", 980-50*sin(TAU*u+2), HZ+6, .35+.12*sin(TAU*u+3) > out;
      # ripple rows: each row pattern repeats every P[k] px and drifts exactly one period per loop
      for(k=0;k<K;k++){ d=(k+.5)/K; off=u*P[k];
        for(c=-1;c*P[k]<W+P[k];c++) for(j=0;j<NS[k];j++){
          x0=SX0[k,j]+c*P[k]+off; x1=x0+SL[k,j]; if(x1<-5||x0>W+5) continue;
          dist=(x0+x1)/2-SX; if(dist<0) dist=-dist; near=(dist<(30+d*300));
          if(SD[k,j]){ col="#04222c"; op=.30+.25*d } else if(near){ col="#f3d38a"; op=.25+.35*(1-d) } else { col="#8ec9d3"; op=.10+.16*d }
          pth=sprintf("M%.1f,%.1f",x0,Y[k]+A[k]*sin(TAU*x0/L[k]+SP[k,j]+TAU*2*u));
          st=(x1-x0)/10; for(q=1;q<=10;q++){ x=x0+q*st; pth=pth sprintf(" L%.1f,%.1f",x,Y[k]+A[k]*sin(TAU*x/L[k]+SP[k,j]+TAU*2*u)) }
          printf "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\" opacity=\"%.3f\"/>", pth, col, SW[k], op > out } }
      print "" > out;
      # glints: twinkle with integer cycles per loop
      for(i=0;i<G;i++){ s=sin(TAU*(GN[i]*u+GP[i])); o=GO[i]*(s>0?s*s:0); if(o<.03) continue;
        printf "<path d=\"M%.1f,%.1f h%.1f\" stroke=\"#fbe7b0\" stroke-width=\"%.2f\" stroke-linecap=\"round\" opacity=\"%.3f\"/>", GX[i]-GL[i]/2, GY[i], GL[i], GW[i], o > out }
      print "" > out;
      # boats bobbing (one and two cycles per loop)
      by=3.2*sin(TAU*u); br=1.3*sin(TAU*u+.8);
      printf "<g transform=\"translate(300,%.2f) rotate(%.3f) scale(.5)\" fill=\"#05202a\"><path d=\"M-178,-44 C-150,-8 -118,10 -78,14 L78,14 C120,10 152,-10 182,-48 C150,-26 110,-18 62,-18 L-62,-18 C-108,-18 -146,-24 -178,-44Z\"/><path d=\"M-44,-18 C-46,-78 54,-80 56,-18Z\"/><circle cx=\"-110\" cy=\"-108\" r=\"9\"/><path d=\"M-118,-98 L-102,-98 L-100,-52 L-96,-18 L-106,-18 L-110,-46 L-114,-18 L-124,-18 L-120,-52Z\"/><path d=\"M-104,-92 L-76,-72 L-80,-66 L-106,-82Z\"/><path d=\"M-140,-162 L-70,28\" stroke=\"#05202a\" stroke-width=\"3.5\"/></g>", 492+by, br > out;
      printf "<g transform=\"translate(300,%.2f) scale(.5,-.32)\" fill=\"#05202a\" opacity=\".28\"><path d=\"M-178,-44 C-150,-8 -118,10 -78,14 L78,14 C120,10 152,-10 182,-48 C150,-26 110,-18 62,-18 L-62,-18 C-108,-18 -146,-24 -178,-44Z\"/></g>", 500+by > out;
      by2=1.4*sin(TAU*2*u+1.7);
      printf "<g transform=\"translate(760,%.2f) rotate(%.3f) scale(.2)\" fill=\"#06222c\"><path d=\"M-178,-44 C-150,-8 -118,10 -78,14 L78,14 C120,10 152,-10 182,-48 C150,-26 110,-18 62,-18 L-62,-18 C-108,-18 -146,-24 -178,-44Z\"/><circle cx=\"20\" cy=\"-64\" r=\"9\"/><path d=\"M10,-54 C6,-36 4,-24 2,-18 L36,-18 C32,-28 30,-42 28,-54Z\"/></g>\n", HZ+24+by2, .8*sin(TAU*2*u) > out;
      # birds cross the sky once per loop (off-screen at the seam), flapping 6 times
      for(b=0;b<3;b++){ bx=-80+(W+160)*((u+b*.09)%1); byy=120+b*22+6*sin(TAU*(u*2+b*.3)); fl=6*sin(TAU*(6*u+b*.25));
        printf "<path d=\"M%.1f,%.1f q7,%.1f 14,4 q7,%.1f 14,-4 q-7,%.1f -14,0 q-7,%.1f -14,-4Z\" fill=\"#06222c\" opacity=\".85\"/>", bx-14, byy, -6-fl, -6-fl, fl*.3+2, fl*.3+2 > out }
      printf "<rect width=\"%d\" height=\"%d\" fill=\"url(#shade)\"/></svg>\n", W,H > out;
      close(out) } }'
}

# ===== MAIN
echo "make-media: writing to $OUT"

# 4:3 cards (480x360, 720x540, 960x720)
for n in fresh-pulasa pulasa-curry story-queen story-monsoon story-catch story-selection story-delivery; do
  want "$n" || continue
  "art_${n//-/_}" > "$TMP/$n.svg"
  # Hundreds of ice cubes' hard edges take two to three times the bytes of any other card at the same quality;
  # a slightly coarser AVIF (a quarter fewer bytes) is hard to tell apart even at twice the size.
  if [ "$n" = story-selection ]; then cq=36; else cq=""; fi
  AVIF_CQ=$cq responsive "$n" "$TMP/$n.svg" 480 360 720 540 960 720
done
# 16:9 wide (640x360, 1280x720)
if want river-boats; then art_river_boats > "$TMP/river-boats.svg"; responsive river-boats "$TMP/river-boats.svg" 640 360 1280 720; fi
# 16:9 blog (480x270, 720x405, 960x540)
for i in 1 2 3 4 5 6; do
  want "blog-$i" || continue
  "art_blog_$i" > "$TMP/blog-$i.svg"
  responsive "blog-$i" "$TMP/blog-$i.svg" 480 270 720 405 960 540
done

# icons
if want logo || want favicon || want icon; then
  art_logo > "$OUT/logo.svg"
  cp "$OUT/logo.svg" "$OUT/favicon.svg"
  art_app_icon 0.86 > "$TMP/touch.svg"; icon "$TMP/touch.svg" "$OUT/apple-touch-icon.png" 180 180
  art_app_icon 0.80 > "$TMP/maskable.svg"
  icon "$TMP/maskable.svg" "$OUT/icon-192.png" 192 192
  icon "$TMP/maskable.svg" "$OUT/icon-512.png" 512 512
  echo "  logo.svg favicon.svg apple-touch-icon.png icon-192.png icon-512.png"
fi
if want auction; then art_auction_placeholder > "$OUT/auction-placeholder.svg"; echo "  auction-placeholder.svg"; fi
if want og; then
  # river scene cropped to 1200x630 with the fish mark
  art_river_boats | sed -e 's|viewBox="0 0 1280 720" width="1280" height="720"|viewBox="0 24 1280 672" width="1200" height="630"|' \
    -e 's|</svg>|<use href="#mark" transform="translate(96,96) scale(3.3)"/></svg>|' > "$TMP/og.svg"
  png "$TMP/og.svg" "$TMP/og.png" 1200 630
  ffmpeg -loglevel error -y -i "$TMP/og.png" -pix_fmt yuvj420p -q:v 4 -frames:v 1 "$OUT/og-image.jpg"
  echo "  og-image.jpg"
fi

# hero video + poster
if want hero; then
  H="$TMP/hero"; mkdir -p "$H"
  hero_background > "$H/bg.svg"; rsvg-convert "$H/bg.svg" -o "$H/bg.png"
  hero_frames "$H"
  ls "$H"/f*.svg | xargs -P "$(nproc)" -I{} sh -c 'rsvg-convert "$1" -o "${1%.svg}.png"' _ {}
  ffmpeg -loglevel error -y -framerate $HERO_FPS -i "$H/f%03d.png" -an -map_metadata -1 \
    -c:v libx264 -preset slower -crf 26 -pix_fmt yuv420p -profile:v high -movflags +faststart "$OUT/hero.mp4"
  ffmpeg -loglevel error -y -framerate $HERO_FPS -i "$H/f%03d.png" -an -map_metadata -1 \
    -c:v libvpx-vp9 -b:v 0 -crf 40 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p "$OUT/hero.webm"
  # poster = first frame of the loop
  cp "$H/f000.png" "$TMP/hero-poster-1280.png"
  ffmpeg -loglevel error -y -i "$H/f000.png" -vf scale=640:360:flags=lanczos "$TMP/hero-poster-640.png"
  for w in 640 1280; do
    to_webp "$TMP/hero-poster-$w.png" "$OUT/hero-poster-$w.webp" 72
    to_avif "$TMP/hero-poster-$w.png" "$OUT/hero-poster-$w.avif" 26 42 34
  done
  echo "  hero.mp4 hero.webm hero-poster-{640,1280}.{webp,avif}"
fi

echo "make-media: done"
ls -l "$OUT"
