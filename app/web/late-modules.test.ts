import { describe, expect, it } from "vitest";
import { lateModules } from "./late-modules";

const DOC =
  '<html><body><p>పులస ₹25,000</p><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="module" async="">import "/assets/a.js";</script></body></html>';
const INERT =
  '<html><body><p>పులస ₹25,000</p><link rel="x-late-modulepreload" href="/assets/a.js"/><link rel="x-late-modulepreload" href="/assets/b.js"/>' +
  '<script nonce="n">window.__remixContext = {};</script><script nonce="n" type="x-late-module">import "/assets/a.js";</script></body></html>';

async function through(chunks: Uint8Array[]): Promise<string> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  return new Response(lateModules(body)).text();
}

describe("the document with its modules held until the page has loaded", () => {
  it("writes the module script and every module preload inert, and nothing else", async () => {
    expect(await through([new TextEncoder().encode(DOC)])).toBe(INERT);
  });

  it("finds them however the stream cuts the document, even inside a character", async () => {
    const bytes = new TextEncoder().encode(DOC);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.slice(0, cut), bytes.slice(cut)])).toBe(INERT);
    }
    const single = Array.from(bytes, (b) => new Uint8Array([b]));
    expect(await through(single)).toBe(INERT);
  });
});
