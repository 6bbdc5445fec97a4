/**
 * The page's JavaScript, and its web app manifest, start loading once the page has loaded (its stylesheet and
 * first images) and two frames after that have been painted (the largest image's paint comes a frame or two after
 * its load), or 3 s after its HTML was read if an image is slower than that (or the tab is hidden, where frames
 * are not painted). On a slow phone network the ~100 KB of modules would otherwise share the first seconds with
 * the hero image and the stylesheet and delay what the shopper sees; every page works as plain HTML forms and
 * links until its modules arrive, and a press before they have hydrated it does what it does without them
 * (app/entry.client.tsx). The manifest is only for installing the shop on a phone's home screen, but a browser
 * fetches it, and then its icon, as soon as it reads the link: the two would also share those first seconds.
 *
 * The server writes the modules inert (`lateModules` below rewrites the rendered document); `LATE_MODULES_BOOT`,
 * an inline script in the page, turns them live, and fetches the page's catalogue (`<html data-texts>`) beside
 * them, without cookies so that every visitor's browser and the edge cache keep it.
 */

const LIVE_PRELOAD = '<link rel="modulepreload"';
const INERT_PRELOAD = '<link rel="x-late-modulepreload"';
const LIVE_MODULE = 'type="module" async=""';
const INERT_MODULE = 'type="x-late-module"';
const LIVE_MANIFEST = '<link rel="manifest"';
const INERT_MANIFEST = '<link rel="x-late-manifest"';
const PATTERNS: [string, string][] = [
  [LIVE_PRELOAD, INERT_PRELOAD],
  [LIVE_MODULE, INERT_MODULE],
  [LIVE_MANIFEST, INERT_MANIFEST],
];

export const LATE_MODULES_BOOT = `(function(){var done=false;function go(){if(done)return;done=true;
var c=document.documentElement.dataset.texts;if(c){window.__texts=fetch(c,{credentials:"omit"}).then(function(r){return r.ok?r.json():Promise.reject(new Error(c+": "+r.status))});window.__texts.catch(function(){})}
document.querySelectorAll('link[rel="x-late-modulepreload"]').forEach(function(l){l.rel="modulepreload"});
var w=document.querySelector('link[rel="x-late-manifest"]');if(w)w.rel="manifest";
document.querySelectorAll('script[type="x-late-module"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.text=s.text;s.replaceWith(m)})}
function painted(next){requestAnimationFrame(function(){setTimeout(next,0)})}
addEventListener("load",function(){painted(function(){painted(go)})},{once:true});
document.addEventListener("DOMContentLoaded",function(){setTimeout(go,3000)},{once:true})})()`;

/** The document with its module script, module preloads and manifest link written inert, for `LATE_MODULES_BOOT`. */
export function lateModules(html: string): string {
  let out = html;
  for (const [live, dead] of PATTERNS) out = out.replaceAll(live, dead);
  return out;
}
