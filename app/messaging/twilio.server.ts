import { format } from "~/i18n/format";
import { messagingMessages as m } from "~/i18n/messaging.messages";

/** Twilio Programmable Messaging: an account, its auth token, and a sender number or Messaging Service sid. */
export type TwilioSecrets = { accountSid: string; authToken: string; from: string };

const TWILIO_API = "https://api.twilio.com/2010-04-01";
/** A provider slower than this is taken for down: the admin's request waits on the first try. */
const SEND_TIMEOUT_MS = 8_000;

/** A try that failed; `retryable` when another try may succeed (the provider down or throttling us, no answer). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** Twilio's Create Message call: a form POST with Basic auth (account sid and auth token). */
export function twilioRequest(secrets: TwilioSecrets, to: string, body: string): { url: string; init: RequestInit } {
  const form = new URLSearchParams({ To: to, Body: body });
  // A Messaging Service picks its own sender (and, for India, its registered sender id).
  if (/^MG[0-9a-f]{32}$/i.test(secrets.from)) form.set("MessagingServiceSid", secrets.from);
  else form.set("From", secrets.from);
  return {
    url: `${TWILIO_API}/Accounts/${encodeURIComponent(secrets.accountSid)}/Messages.json`,
    init: {
      method: "POST",
      headers: { Authorization: `Basic ${btoa(`${secrets.accountSid}:${secrets.authToken}`)}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: form.toString(),
    },
  };
}

/** Sends one SMS; Twilio's id for it, or a ProviderError (4xx but 408 and 429 are final: a wrong number stays wrong). */
export async function sendTwilioSms(fetcher: typeof fetch, secrets: TwilioSecrets, to: string, body: string): Promise<{ sid: string | null }> {
  const { url, init } = twilioRequest(secrets, to, body);
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  } catch {
    throw new ProviderError(m.errors.noAnswer, true);
  }
  const answer = (await response.json().catch(() => null)) as { sid?: unknown; code?: unknown; message?: unknown } | null;
  if (response.ok) return { sid: typeof answer?.sid === "string" ? answer.sid : null };
  const detail = [answer?.code, answer?.message].filter((v) => typeof v === "string" || typeof v === "number").join(" ");
  const message = `${format(m.errors.providerAnswered, { status: response.status })}${detail ? `: ${detail}` : ""}`.slice(0, 300);
  throw new ProviderError(message, response.status >= 500 || response.status === 408 || response.status === 429);
}
