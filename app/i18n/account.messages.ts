/** What the server answers about accounts (sign-up, login, codes) and its guards. */
export const accountMessages = {
  emailTaken: "An account with this email already exists. Please log in.",
  badCredentials: "Invalid email or password",
  wrongCode: "Invalid verification code. Please check the code and try again.",
  deadCode: "This code can no longer be used. Please request a new code.",
  alreadyVerified: "This email is already verified. Please log in.",
  noSignupHere: "We could not find a sign-up waiting for this code in this browser. Please sign up again here.",
  resendWait: "Please wait before requesting a new code.",
  noResetHere: "We could not find a password reset waiting for this code in this browser. Please ask for a new code here.",
  wrongPassword: "Your current password is not correct",
  tooMany: "Too many attempts. Please wait a moment and try again.",
  sessionEnded: "Authentication failed. Please login again.",
} as const;

export const guardMessages = {
  loginForAdmin: "Please login to access admin dashboard",
  accessDenied: "Access denied. Admin privileges required.",
} as const;

/** The development mail outbox (/dev/mail, local development only). */
export const devMailMessages = {
  title: "Development mail outbox",
  intro: "Every e-mail the store sends in local development lands here instead of a mail server. Newest first.",
  empty: "No e-mail has been sent yet.",
  to: "To",
  subject: "Subject",
  /** A push, without VAPID keys outside production: which device, in which language, and the page it opens. */
  push: {
    label: "Push",
    intro: "Pushes the store sends without VAPID keys land here too, marked Push, with the device and its language.",
    device: "Device {id} ({lang})",
    title: "Title",
    opens: "Opens",
  },
} as const;
