/**
 * A text with a twin in each language: its English words, its key in the server catalogues
 * (`account.badCredentials`, see `errorMessage` in app/i18n/texts.ts) and the values of its placeholders,
 * which read the same in every language (an amount, an order number).
 */
export type KeyedText = { english: string; key: string; values?: Record<string, string> };

/** An error's text: the words themselves (already in the request's language), or a keyed text. */
export type ErrorText = string | KeyedText;

/**
 * Typed domain errors. Domain code throws them; the JSON API table (`jsonError` in app/web/api.server.ts) and
 * the page actions map them to HTTP. Their messages are safe to show: internals never go into them.
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
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 503,
    readonly retryAfterSeconds?: number,
  ) {
    super(typeof text === "string" ? text : text.english);
    this.name = new.target.name;
    this.key = typeof text === "string" ? null : text.key;
    this.values = typeof text === "string" ? null : (text.values ?? null);
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: ErrorText) {
    super(message, 400);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: ErrorText) {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: ErrorText) {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: ErrorText) {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: ErrorText) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: ErrorText, retryAfterSeconds: number) {
    super(message, 429, retryAfterSeconds);
  }
}

/** A known path asked with a method it does not answer; `allow` lists the ones it does. */
export class MethodNotAllowedError extends DomainError {
  constructor(readonly allow: string[]) {
    super("Method not allowed", 405);
  }
}

/** Something this deployment does not offer (a binding or a provider that is not configured). */
export class UnavailableError extends DomainError {
  constructor(message: string) {
    super(message, 503);
  }
}
