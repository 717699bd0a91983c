// The one place where failures become HTTP responses in the interface's error shapes.
// No framework-shaped error body ever reaches a client.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, NESTED_ERROR_CODES } from '../core/errors.ts';
import { databaseBusyError } from '../db/errors.ts';
import { toFieldErrors, unknownIdError } from './validation.ts';

export interface RenderedError {
  status: number;
  body: string;
}

/** The body of an AppError in the interface's shape: flat, with `resource` or `errors`, or nested. */
export function renderError(error: AppError, requestId: string): RenderedError {
  if (NESTED_ERROR_CODES.has(error.code)) {
    return { status: error.status, body: JSON.stringify({ error: { code: error.code, message: error.message, request_id: requestId } }) };
  }
  const body: Record<string, unknown> = { message: error.message, error_code: error.code, tracer_id: requestId };
  if (error.details.resource !== undefined) body.resource = error.details.resource;
  if (error.details.metadata !== undefined) body.metadata = error.details.metadata;
  if (error.details.errors !== undefined) body.errors = error.details.errors;
  return { status: error.status, body: JSON.stringify(body) };
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const { status, body } = renderError(error, reply.request.id);
  if (error.details.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.details.retryAfterSeconds));
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Maps anything thrown during a request to an AppError. */
export function toAppError(error: unknown, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  const busy = databaseBusyError(error);
  if (busy) return busy;
  const fe = error as FastifyError & { validationContext?: string };
  if (fe.validation) {
    // A malformed id can name nothing: answer as for any unknown id.
    if (fe.validationContext === 'params') return unknownIdError(request);
    const errors = toFieldErrors(fe.validation as never);
    const first = errors[0];
    const where = fe.validationContext === 'querystring' ? 'query parameter' : 'field';
    return new AppError('validation_failed', first ? `Invalid ${where} ${first.field}: ${first.description}.` : 'Validation failed.', { errors });
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than the limit.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('bad_request', 'Send the body as application/json.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'The body is empty; send a JSON object or omit the Content-Type header.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'The body is not valid JSON.');
  }
  if (error instanceof SyntaxError || fe.statusCode === 400) return new AppError('bad_request', 'The body is not valid JSON.');
  if (fe.statusCode === 413) return new AppError('payload_too_large', 'The request body is larger than the limit.');
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    return new AppError('bad_request', fe.message);
  }
  return new AppError('internal_error', 'Something went wrong on our side. Give the tracer_id to support.');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error, request);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(reply, appError);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, new AppError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`, { resource: 'route' })),
  );
}
