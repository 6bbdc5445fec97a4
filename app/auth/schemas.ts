import { z } from "zod";
import { normalisePhone, PHONE_RULE } from "~/lib/phone";

/** One schema per form, shared by the page (instant checks) and the server (the checks that count). */
const email = z
  .string({ required_error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, "Please enter a valid email address")
  .email("Please enter a valid email address");

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Bots fill every field; people never see this one. */
export const honeypot = z.string().max(0, "Please leave this field empty").optional();

const name = z.string({ required_error: "Full name is required" }).trim().min(1, "Full name is required").max(100, "Name is too long");
const newPassword = z.string({ required_error: "Password is required" }).min(8, "Password must be at least 8 characters").max(200, "Password is too long");
/** 10 digits, however a person writes them (98480 12345, +91 98480-12345, 09848012345). */
const phone = z.string().trim().transform(normalisePhone).pipe(z.string().regex(PHONE_RULE.pattern, PHONE_RULE.message));

export const signupSchema = z.object({
  name,
  email,
  password: newPassword,
  phone: phone.optional(),
  address: optionalText(500, "Address is too long"),
  website: honeypot,
});

export const loginSchema = z.object({
  email,
  password: z.string({ required_error: "Password is required" }).min(1, "Password is required").max(200, "Password is too long"),
  redirectTo: z.string().optional(),
  website: honeypot,
});

export const OTP_ERROR = "Please enter a valid 6-digit OTP";

export const verifySchema = z.object({
  email,
  otp: z
    .string({ required_error: OTP_ERROR })
    .trim()
    .regex(/^\d{6}$/, OTP_ERROR),
});

export const resendSchema = z.object({ email });

export const forgotSchema = z.object({ email, website: honeypot });

export const resetSchema = z.object({
  email,
  otp: verifySchema.shape.otp,
  password: newPassword,
});

export const changePasswordSchema = z.object({
  current: z.string().max(200, "Password is too long").optional(),
  password: newPassword,
});

export const profileSchema = z.object({ name, phone: phone.optional() });
