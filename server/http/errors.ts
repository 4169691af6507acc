/**
 * One error shape for the whole product API: `{error, message, statusCode}`, where `error` is
 * the HTTP status text and `message` says what is wrong. Anything unexpected is logged and
 * answered 500 without internals; every expected failure is raised as an HttpError.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { describeMultipartError } from './multipart-errors.js';

export interface ErrorBody {
  error: string;
  message: string;
  statusCode: number;
}

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const errorBodySchema = {
  type: 'object',
  required: ['error', 'message', 'statusCode'],
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
  },
} as const;

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { error: STATUS_CODES[statusCode] ?? 'Error', message, statusCode };
}

/** Fastify's own client-error codes, reworded where its text is unclear to an API user. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'Unsupported content type; send JSON (application/json), or multipart/form-data where a file is uploaded',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

function describe(error: FastifyError): { status: number; message: string; headers: Record<string, string> } {
  if (error instanceof HttpError) {
    return { status: error.statusCode, message: error.message, headers: error.headers };
  }
  if (error.validation) {
    return { status: 400, message: error.message, headers: {} };
  }
  if (error instanceof SyntaxError) {
    return { status: 400, message: FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!, headers: {} };
  }
  const multipart = describeMultipartError(error);
  if (multipart) return { ...multipart, headers: {} };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, message: FRAMEWORK_MESSAGES[error.code] ?? error.message, headers: {} };
  }
  return { status: 500, message: 'Something went wrong on our side; please try again', headers: {} };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const { status, message, headers } = describe(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.code(status).headers(headers).send(errorBody(status, message));
  });
}

/** Node's HTTP parser errors, before any route runs; the rest are "not valid HTTP". */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  HPE_INVALID_EOF_STATE: {
    status: 400,
    message: 'The request ended before its body was complete (truncated); send the whole body',
  },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive' },
  HPE_INVALID_CHUNK_SIZE: { status: 400, message: 'The chunked request body is malformed' },
};

/**
 * Fastify's clientErrorHandler: the same error body as every other failure, with a message that
 * names the problem, for requests Node cannot parse (a body shorter than its Content-Length, …).
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    message: 'The request is not valid HTTP and could not be read',
  };
  if (socket.writable) {
    const body = JSON.stringify(errorBody(known.status, known.message));
    socket.write(
      `HTTP/1.1 ${known.status} ${STATUS_CODES[known.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
