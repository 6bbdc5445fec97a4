/**
 * Typed domain errors. Domain code throws them; `toJsonError` (the JSON API) and the page actions map them
 * to HTTP in one place. Their messages are safe to show: internals never go into them.
 */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429,
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

/** `{ success: false, error }` with the error's status; anything unexpected is logged and answered as 500. */
export function toJsonError(error: unknown, fallback: string): Response {
  if (error instanceof DomainError) {
    const headers: Record<string, string> = { "Cache-Control": "no-store" };
    if (error.retryAfterSeconds !== undefined) headers["Retry-After"] = String(Math.max(1, Math.ceil(error.retryAfterSeconds)));
    return Response.json({ success: false, error: error.message }, { status: error.status, headers });
  }
  console.error(error);
  return Response.json({ success: false, error: fallback }, { status: 500, headers: { "Cache-Control": "no-store" } });
}
