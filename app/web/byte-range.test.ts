import { describe, expect, it } from "vitest";
import { parseByteRange } from "./byte-range";

describe("one byte range of a Range header", () => {
  it("reads a start and end, an open end, and a suffix, within the file", () => {
    expect(parseByteRange("bytes=0-1", 100)).toEqual({ offset: 0, length: 2 });
    expect(parseByteRange("bytes=10-", 100)).toEqual({ offset: 10, length: 90 });
    expect(parseByteRange("bytes=90-500", 100)).toEqual({ offset: 90, length: 10 });
    expect(parseByteRange("bytes=-30", 100)).toEqual({ offset: 70, length: 30 });
    expect(parseByteRange("bytes=-300", 100)).toEqual({ offset: 0, length: 100 });
  });

  it("answers the whole file for no header, several ranges or a malformed one, and 416 past the end", () => {
    for (const header of [null, "", "bytes=0-1,5-6", "items=0-1", "bytes=5-1", "bytes=-", "bytes=0x10-"]) expect(parseByteRange(header, 100)).toBeNull();
    expect(parseByteRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseByteRange("bytes=-0", 100)).toBe("unsatisfiable");
  });
});
