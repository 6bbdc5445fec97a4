/**
 * Typed domain errors. Domain code throws them; the JSON API table (`jsonError` in app/web/api.server.ts) and
 * the page actions map them to HTTP. Their messages are safe to show: internals never go into them.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429 | 503,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidInputError extends DomainError {
  constructor(message: string) {
    super(message, 400);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message: string) {
    super(message, 401);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message: string) {
    super(message, 403);
  }
}

export class NotFoundError extends DomainError {
  constructor(message: string) {
    super(message, 404);
  }
}

export class ConflictError extends DomainError {
  constructor(message: string) {
    super(message, 409);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(message: string, retryAfterSeconds: number) {
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
