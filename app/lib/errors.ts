/**
 * A text with a twin in each language: its English words, its key in the server catalogues
 * (`account.badCredentials`, see `errorMessage` in app/i18n/texts.ts) and the values of its placeholders,
 * which read the same in every language (an amount, an order number).
 */
export type KeyedText = { english: string; key: string; values?: Record<string, string> };

/** An error's text: the words themselves (already in the request's language), or a keyed text. */
export type ErrorText = string | KeyedText;

/** What went wrong, as the shop's rules see it; `STATUS_OF_KIND` is the one place a kind becomes an HTTP status. */
export type ErrorKind = "invalid" | "unauthorized" | "forbidden" | "not_found" | "method" | "conflict" | "too_large" | "too_many" | "unavailable";

/** The HTTP status of each kind of domain error, for the JSON API and the pages alike. */
export const STATUS_OF_KIND = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method: 405,
  conflict: 409,
  too_large: 413,
  too_many: 429,
  unavailable: 503,
} as const satisfies Record<ErrorKind, number>;

/**
 * Typed domain errors. Domain code throws them with a kind; the JSON API table (`jsonError` in app/web/api.server.ts)
 * and the pages (app/web/page-errors.server.ts) turn them into answers. Their messages are safe to show: internals
 * never go into them.
 *
 * Code that knows the request's language writes its message in it. Code shared by the pages and the English
 * JSON API that throws fixed texts (the account answers) throws them keyed instead: the message is the English
 * text (the API, the logs) and a page shows the key's twin in its own language.
 */
export class DomainError extends Error {
  /** The text's key in the server catalogues, for a page to show it in its language; null: the message is the text. */
  readonly key: string | null;
  readonly values: Record<string, string> | null;

  constructor(
    text: ErrorText,
    readonly kind: ErrorKind,
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof text === "string" ? text : text.english);
    this.name = new.target.name;
    this.key = typeof text === "string" ? null : text.key;
    this.values = typeof text === "string" ? null : (text.values ?? null);
  }

  get status(): (typeof STATUS_OF_KIND)[ErrorKind] {
    return STATUS_OF_KIND[this.kind];
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: ErrorText) {
    super(message, "invalid");
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: ErrorText) {
    super(message, "unauthorized");
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: ErrorText) {
    super(message, "forbidden");
  }
}

export class NotFoundError extends DomainError {
  constructor(message: ErrorText) {
    super(message, "not_found");
  }
}

export class ConflictError extends DomainError {
  constructor(message: ErrorText) {
    super(message, "conflict");
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: ErrorText, retryAfterSeconds: number) {
    super(message, "too_many", retryAfterSeconds);
  }
}

/** A known path asked with a method it does not answer; `allow` lists the ones it does. */
export class MethodNotAllowedError extends DomainError {
  constructor(readonly allow: string[]) {
    super("Method not allowed", "method");
  }
}

/** Something this deployment does not offer (a binding or a provider that is not configured). */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super(message, "unavailable");
  }
}
