import { describe, expect, it } from "vitest";
import { codeUnusableReason, CODE_LIFETIME_MS, MAX_WRONG_TRIES, resendWaitSeconds } from "./otp-rules";

describe("one-time code rules", () => {
  const now = 1_000_000_000;
  const fresh = { expiresAt: now + CODE_LIFETIME_MS, failedAttempts: 0, sentAt: now };

  it("lasts 10 minutes", () => {
    expect(CODE_LIFETIME_MS).toBe(600_000);
    expect(codeUnusableReason(fresh, now + CODE_LIFETIME_MS - 1)).toBeNull();
    expect(codeUnusableReason(fresh, now + CODE_LIFETIME_MS)).toBe("expired");
  });

  it("dies after 5 wrong tries", () => {
    expect(MAX_WRONG_TRIES).toBe(5);
    expect(codeUnusableReason({ ...fresh, failedAttempts: 4 }, now)).toBeNull();
    expect(codeUnusableReason({ ...fresh, failedAttempts: 5 }, now)).toBe("exhausted");
    expect(codeUnusableReason(null, now)).toBe("missing");
  });

  it("allows a resend once per 300 s", () => {
    expect(resendWaitSeconds(null, now)).toBe(0);
    expect(resendWaitSeconds(fresh, now)).toBe(300);
    expect(resendWaitSeconds(fresh, now + 299_001)).toBe(1);
    expect(resendWaitSeconds(fresh, now + 300_000)).toBe(0);
  });
});
