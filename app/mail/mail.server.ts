import { desc } from "drizzle-orm";
import type { AppConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import type { Deps, Mail, Mailer } from "../deps";

export type { Mail } from "../deps";

/** The mail provider's secrets (a JSON POST with a Bearer key, the shape Resend-style providers accept). */
export type MailEnv = { MAIL_API_URL?: string; MAIL_API_KEY?: string; MAIL_FROM?: string };

/**
 * The one way mail leaves the store. In development every message goes to the outbox shown at /dev/mail and
 * to the log; in production to the HTTP mail provider configured by secrets. (Relative imports: createDeps
 * builds it, and vite.config.ts loads that without the `~` alias.)
 */
export function createMailer(db: Db, config: AppConfig, env: MailEnv): Mailer {
  return {
    async send(mail: Mail) {
      if (config.environment !== "production") {
        await db.insert(mailOutbox).values(mail);
        console.log(`[mail] to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.body}`);
        return;
      }
      if (!env.MAIL_API_URL || !env.MAIL_API_KEY || !env.MAIL_FROM) throw new Error("Mail provider is not configured");
      const response = await fetch(env.MAIL_API_URL, {
        method: "POST",
        headers: { Authorization: `Bearer ${env.MAIL_API_KEY}`, "Content-Type": "application/json" },
        body: JSON.stringify({ from: env.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.body }),
      });
      if (!response.ok) throw new Error(`Mail provider answered ${response.status}`);
    },
  };
}

export async function listOutbox(deps: Pick<Deps, "db">, limit = 50) {
  return deps.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}

/** The code that lets the owner of `to` choose a new password. */
export function resetCodeMail(config: AppConfig, to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `Your ${config.brand} password reset code: ${code}`,
    body: [
      `Hello ${name},`,
      "",
      `Your ${config.brand} password reset code is ${code}.`,
      "It lasts 10 minutes and can be used once.",
      "",
      "If you did not ask to reset your password, you can ignore this e-mail: your password stays as it is.",
      "",
      `– ${config.brand}`,
    ].join("\n"),
  };
}

/** Sent whenever an account's password changes, so its owner hears of a change they did not make. */
export function passwordChangedMail(config: AppConfig, to: string, name: string): Mail {
  return {
    to,
    subject: `Your ${config.brand} password was changed`,
    body: [
      `Hello ${name},`,
      "",
      `The password of your ${config.brand} account was just changed, and every other device was signed out.`,
      `If you did not do this, reset your password now from the login page and contact us.`,
      "",
      `– ${config.brand}`,
    ].join("\n"),
  };
}

export function codeMail(config: AppConfig, to: string, name: string, code: string): Mail {
  return {
    to,
    subject: `Your ${config.brand} verification code: ${code}`,
    body: [
      `Hello ${name},`,
      "",
      `Your ${config.brand} verification code is ${code}.`,
      "It lasts 10 minutes and can be used once.",
      "",
      `If you did not sign up for ${config.brand}, you can ignore this e-mail: no account is activated without the code.`,
      "",
      `– ${config.brand}`,
    ].join("\n"),
  };
}
