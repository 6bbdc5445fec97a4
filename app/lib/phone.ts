/** Indian mobile numbers: typed as 10 digits, stored and sent with +91 (each form's catalogue says so when not). */
export const PHONE_RULE = /^\d{10}$/;

/** What a person may type in a phone field: digits with spaces, dashes, dots or brackets, and a +91 or 0 prefix. */
export const PHONE_INPUT_PATTERN = String.raw`\+?[0-9 \(\)\.\/\-]{10,20}`;
/** A pincode as typed: six digits, perhaps split by a space or a dash. */
export const PINCODE_INPUT_PATTERN = String.raw`[0-9]{3}[ \-]?[0-9]{3}`;

/**
 * A typed number as the form's 10 digits: '98480 12345', '98480-12345', '+91 98480 12345' and '098480 12345'
 * all become '9848012345'. Anything else comes back without its separators (letters included), so the
 * 10-digit rule refuses it.
 */
export function normalisePhone(typed: string): string {
  const compact = typed.trim().replace(/[\s().-]/g, "");
  if (/^\+?91\d{10}$/.test(compact)) return compact.slice(-10);
  if (/^0\d{10}$/.test(compact)) return compact.slice(1);
  return compact;
}

/**
 * A search typed like a phone number ('98480 12345', '+91 98480-12345', '098480 12345', or a part of one) as
 * stored phones write it: the 10 digits of a whole number, the digits of a part; null for a search that is
 * not a number (a name, an order number).
 */
export function phoneSearch(typed: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(typed.trim()) || (typed.match(/\d/g) ?? []).length < 3) return null;
  return normalisePhone(typed);
}

/** A typed pincode without its separators: '533 101' and '533-101' become '533101'. */
export function normalisePincode(typed: string): string {
  return typed.trim().replace(/[\s-]/g, "");
}

/** A phone as stored or typed (+91 98765 43210, 09876543210, 9876543210) as the form's 10 digits, or "" when it is not one. */
export function tenDigitPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  const ten = digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits.length === 11 && digits.startsWith("0") ? digits.slice(1) : digits;
  return PHONE_RULE.test(ten) ? ten : "";
}

/** The form's 10 digits as an order stores them: "9849022771" → "+919849022771". */
export function storedPhone(tenDigits: string): string {
  return `+91${tenDigits}`;
}

/** A link that opens WhatsApp with the number (digits only, country code first). */
export function whatsappLink(phone: string): string {
  const ten = tenDigitPhone(phone);
  return `https://wa.me/${ten ? `91${ten}` : phone.replace(/\D/g, "")}`;
}

/** The store's social handle ('@godavaripulasa') as a link to its Instagram profile. */
export function socialLink(handle: string): string {
  return `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@/, ""))}/`;
}

/**
 * An Indian mobile as people write it, "98480 12345" (the country code is understood): a spreadsheet keeps it
 * as text, where "+919848012345" would be read as a formula or a number. Anything else comes back as it is.
 */
export function spacedPhone(phone: string): string {
  const ten = tenDigitPhone(phone);
  return ten ? `${ten.slice(0, 5)} ${ten.slice(5)}` : phone;
}
