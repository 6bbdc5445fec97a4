import { describe, expect, it } from "vitest";
import { plainLine } from "./text";

describe("plainLine", () => {
  it("makes one line: control characters, line breaks and tabs become single spaces", () => {
    expect(plainLine("Alice\nVisit\r\n\t evil.example\u0000now")).toBe("Alice Visit evil.example now");
  });

  it("drops invisible format characters, keeping Telugu's joiners", () => {
    expect(plainLine("Ra\u202Evi\u2066 Ku\u200Bmar\u200F\u061C\uFEFF")).toBe("Ravi Kumar");
    expect(plainLine("లక్ష్మి\u200Cదేవి\u200D")).toBe("లక్ష్మి\u200Cదేవి\u200D");
  });
});
