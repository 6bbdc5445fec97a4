import { describe, expect, it } from "vitest";
import { chunkedUpload } from "../tests/setup/chunked-body";
import { MAX_CLAIM_FORM_BYTES, MAX_FORM_BYTES, readableForm } from "./request-guards";

/** A urlencoded form of exactly `size` bytes: `note=aaa…`. */
const formOfSize = (size: number) => `note=${"a".repeat(size - "note=".length)}`;
const post = (body: string) =>
  chunkedUpload("https://store.test/contact", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

describe("a page's form post sent chunked (no Content-Length)", () => {
  it("past MAX_FORM_BYTES is read to its end and dropped (so the browser reads the answer), and reaches the page with no body, marked oversized", async () => {
    const { request, sent } = post(formOfSize(2 * MAX_FORM_BYTES));
    const read = await readableForm(request);
    if (read instanceof Response) throw new Error("refused");
    expect(read.oversized).toBeInstanceOf(FormData);
    expect(await read.request.text()).toBe("");
    expect(sent()).toBeGreaterThanOrEqual(2 * MAX_FORM_BYTES);
    expect((await readableForm(post(formOfSize(MAX_FORM_BYTES + 1)).request)) as unknown).toMatchObject({ oversized: expect.any(FormData) });
  });

  it("under the cap is handed on as a new request over the bytes read, which the action can parse", async () => {
    const { request: received } = post(formOfSize(MAX_FORM_BYTES));
    const form = await readableForm(received);
    if (form instanceof Response) throw new Error("refused");
    expect(form.oversized).toBeNull();
    const handedOn = form.request;
    expect(handedOn).not.toBe(received);
    expect(received.bodyUsed).toBe(true);
    expect([handedOn.method, handedOn.url, handedOn.headers.get("Content-Type")]).toEqual(["POST", received.url, "application/x-www-form-urlencoded"]);
    expect(((await handedOn.formData()).get("note") as string).length).toBe(MAX_FORM_BYTES - "note=".length);
  });
});

describe("a phone's photo on a Telugu page, as workerd reads it", () => {
  /** A multipart body as a browser sends the claim form: the fields, then the files. */
  const claimForm = (fileBytes: number) => {
    const form = new FormData();
    form.append("kind", "transit_damage");
    form.append("description", "పెట్టె తెరిచి ఉంది, చేప నలిగిపోయింది.");
    form.append("files", new File([new Uint8Array(fileBytes)], "IMG_0001.jpg", { type: "image/jpeg" }));
    return new Response(form);
  };
  const chunked = async (path: string, fileBytes: number) => {
    const body = claimForm(fileBytes);
    const type = body.headers.get("Content-Type")!;
    return chunkedUpload(`https://store.test${path}`, { method: "POST", headers: { "Content-Type": type }, body: new Uint8Array(await body.arrayBuffer()) });
  };

  it.each(["/orders/PUL-2611-AB12/claim", "/te/orders/PUL-2611-AB12/claim", "/te/orders/PUL-2611-AB12/claim.data"])(
    "%s takes a 10 MB photo whole, and past its cap keeps what was typed and stops reading",
    async (path) => {
      const whole = await readableForm((await chunked(path, 10 * 1024 * 1024)).request);
      if (whole instanceof Response) throw new Error("refused");
      expect(whole.oversized).toBeNull();
      expect(((await whole.request.formData()).get("files") as File).size).toBe(10 * 1024 * 1024);
      const { request, sent } = await chunked(path, MAX_CLAIM_FORM_BYTES + 1);
      const over = await readableForm(request);
      if (over instanceof Response) throw new Error("refused");
      expect(Object.fromEntries(over.oversized!)).toEqual({ kind: "transit_damage", description: "పెట్టె తెరిచి ఉంది, చేప నలిగిపోయింది." });
      expect(sent()).toBeLessThan(MAX_CLAIM_FORM_BYTES + 100_000);
    },
  );
});
