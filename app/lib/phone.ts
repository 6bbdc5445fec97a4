/** Indian mobile numbers: typed as 10 digits, stored and sent with +91 (spec section 9). */
export const PHONE_DIGITS = /^\d{10}$/;

/** "+91 98490 22771" or "9849022771" → "+919849022771"; null when it is not an Indian 10-digit number. */
export function toE164India(phone: string): string | null {
  const digits = phone.replace(/[\s-]/g, "").replace(/^(\+?91)(?=\d{10}$)/, "");
  return PHONE_DIGITS.test(digits) ? `+91${digits}` : null;
}

/** A link that opens WhatsApp with the number (digits only, country code first). */
export function whatsappLink(phone: string): string {
  return `https://wa.me/${(toE164India(phone) ?? phone).replace(/\D/g, "")}`;
}
