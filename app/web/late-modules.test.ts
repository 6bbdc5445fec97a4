import { describe, expect, it } from "vitest";
import { lateModules } from "./late-modules";

const DOC =
  '<html><head><link rel="manifest" href="/manifest.webmanifest"/></head><body><p>పులస ₹25,000</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/assets/a.js";</script></body></html>';
const INERT =
  '<html><head><link rel="x-late-manifest" href="/manifest.webmanifest"/></head><body><p>పులస ₹25,000</p><link rel="x-late-modulepreload" href="/assets/a.js"/><link rel="x-late-modulepreload" href="/assets/b.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="x-late-module">import "/assets/a.js";</script></body></html>';

describe("the document with its modules held until the page has loaded", () => {
  it("writes the module script, every module preload and the manifest link inert, and nothing else", () => {
    expect(lateModules(DOC)).toBe(INERT);
  });
});
