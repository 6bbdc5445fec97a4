/**
 * The e-mails the store sends, in the reader's language: the frame around every notice mailed (its greeting
 * and sign-off; the subject is the notice's title and the brand), and the account mails (a sign-up's code, a
 * password reset's code, a changed password).
 */
export const mailMessages = {
  greeting: "Hello {name},",
  /** A sign-up's code goes to an address nobody has proven yet: it greets no one by the name typed with it. */
  greetingAnyone: "Hello,",
  signOff: "– {brand}",
  /** A mailed notice's last line: the page its bell entry opens. */
  links: {
    order: "View your order: {url}",
    auction: "View the auction: {url}",
    adminOrder: "Open the order in the dashboard: {url}",
  },
  signupCode: {
    subject: "Your {brand} verification code: {code}",
    code: "Your {brand} verification code is {code}.",
    lasts: "It lasts 10 minutes and can be used once.",
    ignore: "If you did not sign up for {brand}, you can ignore this e-mail: no account is activated without the code.",
  },
  resetCode: {
    subject: "Your {brand} password reset code: {code}",
    code: "Your {brand} password reset code is {code}.",
    lasts: "It lasts 10 minutes and can be used once.",
    ignore: "If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.",
  },
  passwordChanged: {
    subject: "Your {brand} password was changed",
    changed: "The password of your {brand} account was just changed, and every other device was signed out.",
    notYou: "If you did not do this, reset your password now from the login page and contact us.",
  },
} as const;
