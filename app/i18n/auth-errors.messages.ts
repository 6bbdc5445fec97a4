/** The account forms' refusals, field by field (sign-up, login, codes, password, profile): `auth.errors` of the catalogue. */
export const authErrorMessages = {
  emailRequired: "Email is required",
  emailInvalid: "Please enter a valid email address",
  honeypot: "Please leave this field empty",
  nameRequired: "Full name is required",
  nameTooLong: "Name is too long",
  passwordRequired: "Password is required",
  passwordShort: "Password must be at least 8 characters",
  passwordTooLong: "Password is too long",
  phone: "Phone number must be exactly 10 digits",
  addressTooLong: "Address is too long",
  otp: "Please enter a valid 6-digit OTP",
};
