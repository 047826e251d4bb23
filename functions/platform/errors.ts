/**
 * Typed errors. A foreseeable outcome that is not a success is one of these classes: its status is
 * the class's, its `code` (shared/error-codes.ts) the stable name clients branch on, its message the
 * spec's text. The one place that turns them into responses is toErrorResponse in http.ts; anything
 * else thrown is a defect, answered 500 and counted.
 */
import type { ErrorCode } from '../../shared/error-codes';
import { MSG } from '../../shared/texts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: ErrorCode,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, code: ErrorCode = 'bad_request') {
    super(400, message, code);
  }
}
/** A body or query that its schema refuses: `errors` lists each problem. */
export class ValidationFailed extends HttpError {
  constructor(
    message: string,
    readonly errors: { msg: string }[],
    code: ErrorCode = 'validation_failed',
  ) {
    super(400, message, code);
  }
}
export class Unauthorized extends HttpError {
  constructor(message: string = MSG.notAuthenticated, code: ErrorCode = 'not_authenticated') {
    super(401, message, code);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string = MSG.forbidden, code: ErrorCode = 'forbidden') {
    super(403, message, code);
  }
}
export class NotFound extends HttpError {
  constructor(message: string = MSG.notFound, code: ErrorCode = 'not_found') {
    super(404, message, code);
  }
}
export class Conflict extends HttpError {
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, message, code);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message, 'payload_too_large');
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message, 'unsupported_media_type');
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'rate_limited');
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message: string = MSG.unavailable, code: ErrorCode = 'unavailable') {
    super(503, message, code);
  }
}
/**
 * Writes that kept meeting other writes of the same items after every retry. Designed to be rare
 * (no hot item takes every request); when it happens the client is asked to try again shortly, and
 * the log line it leaves is counted.
 */
export class Contention extends HttpError {
  readonly retryAfterSeconds = 1;
  constructor(readonly what: string) {
    super(503, MSG.busy, 'contention');
  }
}
