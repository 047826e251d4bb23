/**
 * Typed errors. Every error a service throws is an HttpError subclass carrying its status; the one
 * place that turns errors into responses is toErrorResponse in http.ts.
 */
import { MSG } from '../../shared/messages';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { msg: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string, errors?: { msg: string }[]) {
    super(400, message, errors);
  }
}
export class Unauthorized extends HttpError {
  constructor(message: string = MSG.notAuthenticated) {
    super(401, message);
  }
}
export class Forbidden extends HttpError {
  constructor(message: string = MSG.forbidden) {
    super(403, message);
  }
}
export class NotFound extends HttpError {
  constructor(message: string = MSG.notFound) {
    super(404, message);
  }
}
export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLarge extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class TooManyRequests extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}
export class NotImplemented extends HttpError {
  constructor() {
    super(501, MSG.notImplemented);
  }
}
export class ServiceUnavailable extends HttpError {
  constructor(message: string = MSG.unavailable) {
    super(503, message);
  }
}
export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
