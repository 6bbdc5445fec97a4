/** Indian mobile numbers: typed as 10 digits, stored and sent with +91. */
export const PHONE_RULE = { pattern: /^\d{10}$/, message: "Phone number must be exactly 10 digits" } as const;

/** A phone as stored or typed (+91 98765 43210, 09876543210, 9876543210) as the form's 10 digits, or "" when it is not one. */
export function tenDigitPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  const ten = digits.length === 12 && digits.startsWith("91") ? digits.slice(2) : digits.length === 11 && digits.startsWith("0") ? digits.slice(1) : digits;
  return PHONE_RULE.pattern.test(ten) ? ten : "";
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
