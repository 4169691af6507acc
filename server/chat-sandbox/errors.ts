/**
 * The chat protocol's error envelope (chat-protocol.md §2): `{code, message, StatusCode,
 * duration, more_info, details}` with the protocol's numeric codes. Every failure in the sandbox
 * is a ChatError; anything unexpected becomes code -1 and is logged.
 */
import type { FastifyError, FastifyInstance } from 'fastify';

export const MORE_INFO = 'https://getstream.io/chat/docs/api_errors_response';

export class ChatError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** The request fields at fault and what is wrong with each (the service's `exception_fields`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ChatError';
  }
}

export const inputError = (message: string) => new ChatError(4, message, 400);
export const notFound = (message: string) => new ChatError(16, message, 404);
export const notAllowed = (message: string) => new ChatError(17, message, 403);

export function envelope(code: number, message: string, status: number, fields?: Record<string, string>) {
  return {
    code,
    message,
    StatusCode: status,
    duration: '0.00ms',
    more_info: MORE_INFO,
    details: [] as unknown[],
    ...(fields ? { exception_fields: fields } : {}),
  };
}

export function registerChatErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ChatError)
      return reply.code(error.status).send(envelope(error.code, error.message, error.status, error.fields));
    if (error.validation) return reply.code(400).send(envelope(4, error.message, 400));
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.code(413).send(envelope(22, 'payload too big', 413));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'invalid JSON body'
          : error.message;
      return reply.code(400).send(envelope(4, message, 400));
    }
    request.log.error({ err: error }, 'chat sandbox request failed');
    return reply.code(500).send(envelope(-1, 'internal system error', 500));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    reply.code(404).send(envelope(16, `${request.method} ${path} is not a chat endpoint`, 404));
  });
}
