import { describe, expect, it } from "vitest";
import { chunkedUpload } from "../tests/setup/chunked-body";
import { MAX_FORM_BYTES, readableForm } from "./request-guards";

/** A urlencoded form of exactly `size` bytes: `note=aaa…`. */
const formOfSize = (size: number) => `note=${"a".repeat(size - "note=".length)}`;
const post = (body: string) =>
  chunkedUpload("https://store.test/contact", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body });

describe("a page's form post sent chunked (no Content-Length)", () => {
  it("is refused with 413 and the form error as soon as it passes MAX_FORM_BYTES", async () => {
    const { request, sent } = post(formOfSize(2 * MAX_FORM_BYTES));
    const res = await readableForm(request);
    expect(res).toBeInstanceOf(Response);
    const refused = res as Response;
    expect(refused.status).toBe(413);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused.json()).toEqual({ success: false, error: "The form is too large." });
    expect(sent()).toBeLessThan(MAX_FORM_BYTES + 100_000);
    expect(((await readableForm(post(formOfSize(MAX_FORM_BYTES + 1)).request)) as Response).status).toBe(413);
  });

  it("under the cap is handed on as a new request over the bytes read, which the action can parse", async () => {
    const { request: received } = post(formOfSize(MAX_FORM_BYTES));
    const form = await readableForm(received);
    expect(form).toBeInstanceOf(Request);
    const handedOn = form as Request;
    expect(handedOn).not.toBe(received);
    expect(received.bodyUsed).toBe(true);
    expect([handedOn.method, handedOn.url, handedOn.headers.get("Content-Type")]).toEqual(["POST", received.url, "application/x-www-form-urlencoded"]);
    expect(((await handedOn.formData()).get("note") as string).length).toBe(MAX_FORM_BYTES - "note=".length);
  });
});
