import { desc } from "drizzle-orm";
import type { AppConfig } from "../config.server";
import type { Db } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import type { Deps, Mail, Mailer } from "../deps";
import { format } from "../i18n/format";
import { brandName, type Lang } from "../i18n/lang";
import { mailMessages } from "../i18n/mail.messages";
import * as teluguMail from "../i18n/te/mail.messages";
import type { Translation } from "../i18n/te/translation";

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

const catalogues: Record<Lang, Translation<typeof mailMessages>> = { en: mailMessages, te: teluguMail.mailMessages };

/** Who a mail goes to: the address, the name it greets, the language it is written in. */
export type Reader = { email: string; name: string; lang: Lang };

/** A mail to `reader` in their language: the greeting, `lines` (an empty one leaves a blank line), the sign-off. */
/** A mail in the reader's language; `name` null greets no one by name. */
function letter(config: AppConfig, reader: Omit<Reader, "name"> & { name: string | null }, subject: string, lines: string[]): Mail {
  const m = catalogues[reader.lang];
  const greeting = reader.name === null ? m.greetingAnyone : format(m.greeting, { name: reader.name });
  return {
    to: reader.email,
    subject,
    body: [greeting, "", ...lines, "", format(m.signOff, { brand: brandName(config, reader.lang) })].join("\n"),
  };
}

/** A notice (already in the reader's language) by e-mail: its title names the mail. */
export function noticeMail(config: AppConfig, reader: Reader, notice: { title: string; message: string }): Mail {
  return letter(config, reader, `${notice.title} – ${brandName(config, reader.lang)}`, [notice.message]);
}

/** The line a mailed notice ends with, leading to its order or auction, in `lang`. */
export function noticeLinkTexts(lang: Lang) {
  return catalogues[lang].links;
}

/** The code that lets the owner of `to` choose a new password, in the language of the page the reset was asked on. */
export function resetCodeMail(config: AppConfig, reader: Reader, code: string): Mail {
  const m = catalogues[reader.lang].resetCode;
  const values = { brand: brandName(config, reader.lang), code };
  return letter(config, reader, format(m.subject, values), [format(m.code, values), m.lasts, "", m.ignore]);
}

/** Sent whenever an account's password changes, so its owner hears of a change they did not make. */
export function passwordChangedMail(config: AppConfig, reader: Reader): Mail {
  const m = catalogues[reader.lang].passwordChanged;
  const values = { brand: brandName(config, reader.lang) };
  return letter(config, reader, format(m.subject, values), [format(m.changed, values), m.notYou]);
}

/** A sign-up's code, in the language of the page signed up on. */
export function codeMail(config: AppConfig, reader: Pick<Reader, "email" | "lang">, code: string): Mail {
  const m = catalogues[reader.lang].signupCode;
  const values = { brand: brandName(config, reader.lang), code };
  // Anyone may sign up with any address: the name they type is never mailed to it.
  return letter(config, { ...reader, name: null }, format(m.subject, values), [format(m.code, values), m.lasts, "", format(m.ignore, values)]);
}
