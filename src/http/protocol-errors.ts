// Answers that never reach a route: HTTP the parser cannot read (malformed headers, Content-Length
// with chunked encoding, headers past the size limit, timeouts), a URL that does not decode, and
// the 503 of a draining server. Each carries the interface's flat shape with a tracer_id, like
// every other answer (Fastify's own would be `{error, message, statusCode}`).
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.ts';
import { renderError, sendError } from './error-handler.ts';

/** The error a socket-level parse failure answers. */
export function protocolError(error: Error & { code?: string }): AppError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return new AppError('header_too_large', 'The request headers are larger than the server accepts.');
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new AppError('request_timeout', 'The request did not arrive in time.');
  return new AppError('bad_request', 'The request is not valid HTTP/1.1 (malformed request line or headers, or a Content-Length with chunked encoding).');
}

/** Fastify's clientErrorHandler: the raw socket answers once in the interface's shape, then closes. */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(rawResponse(protocolError(error), randomUUID()));
  socket.destroy(error);
}

function rawResponse(error: AppError, tracerId: string): string {
  const { status, body } = renderError(error, tracerId);
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`, 'content-type: application/json; charset=utf-8', `content-length: ${Buffer.byteLength(body)}`, `x-request-id: ${tracerId}`, 'connection: close'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's frameworkErrors: a URL that does not percent-decode, an over-long path parameter. */
export function frameworkErrorHandler(error: Error & { code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  reply.header('x-request-id', request.id);
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid percent-encoded UTF-8.' : 'The URL cannot be routed.';
  void sendError(reply, new AppError('bad_request', message));
}

/** The 503 a server answers once it has begun to close: for main.ts or any drain to send alike. */
export function serviceUnavailable(): AppError {
  return new AppError('service_unavailable', 'The service is restarting; retry on another connection.');
}

/**
 * Once close() begins, requests still arriving on open connections (pipelined, or on a keep-alive
 * connection with a request in flight) answer 503 in the interface's shape. Fastify's own 503 is
 * turned off (return503OnClosing: false) for this.
 */
export function registerDrainAnswer(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    return sendError(reply, serviceUnavailable());
  });
}
