import type { Messages } from "~/i18n/messages";
import { normalizeStatus } from "./status";

/**
 * What a customer is shown for a stored status: its label, its message and what happens next. Legacy values
 * (pending, confirmed, delivered, rejected, completed) keep their own label, and their own message where they
 * have one (pending, rejected, completed); anything unknown reads 'Order status unknown.'.
 */
export function customerStatus(raw: string, m: Messages["shop"]["status"]) {
  const normalized = normalizeStatus(raw);
  const key = (k: string) => (Object.hasOwn(m.labels, k) ? (k as keyof typeof m.labels) : null);
  const labelKey = key(raw) ?? (normalized ? key(normalized) : null) ?? "unknown";
  const messageKey = (
    Object.hasOwn(m.messages, raw) ? raw : normalized && Object.hasOwn(m.messages, normalized) ? normalized : "unknown"
  ) as keyof typeof m.messages;
  const nextKey = (normalized && Object.hasOwn(m.next, normalized) ? normalized : "unknown") as keyof typeof m.next;
  return { status: normalized, label: m.labels[labelKey], message: m.messages[messageKey], next: m.next[nextKey] };
}
