/**
 * The outbox's rules without xstate: the chat service's error codes it tells apart, how an error
 * becomes one of the three failed kinds (spec section 8), and their texts' i18next keys. Kept apart
 * so the machine file reads as its states and transitions.
 */
import type { FailureKind, SendError } from './outbox.types';

/** The chat service's codes the outbox tells apart (spec section 8). */
export const INPUT_ERROR_CODE = 4;
export const NOT_ALLOWED_CODE = 17;

/** i18next keys of the three failed kinds, with the spec's texts. */
export const FAILURE_LABEL_KEYS: Record<FailureKind, string> = {
  retryable: 'chat.outbox.failedRetry', // 'Message Failed · Click to try again'
  unauthorized: 'chat.outbox.failedUnauthorized', // 'Message Failed · Unauthorized'
  unsent: 'chat.outbox.unsent', // 'Error · Unsent'
};
/** The notice for any failed send: 'Send message request failed'. */
export const SEND_FAILED_KEY = 'chat.outbox.sendFailed';

/** An error as the chat client throws it, reduced to data: HTTP status and chat code (null when absent). */
export function toSendError(error: unknown): SendError {
  const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  return {
    status: typeof record.status === 'number' ? record.status : null,
    // Network failures carry string codes (ECONNREFUSED…); only the service's numeric codes count.
    code: typeof record.code === 'number' ? record.code : null,
    message: error instanceof Error ? error.message : String(error),
  };
}

/** The service already has a message with this id: an earlier attempt got through. */
export function isAlreadyStoredError(error: SendError): boolean {
  return error.code === INPUT_ERROR_CODE && /already exists/i.test(error.message);
}

/**
 * Which failed kind an error is: HTTP 403 or code 17 → unauthorized; no HTTP answer at all
 * (offline, connection refused or dropped, timeout) → unsent; any other answer → retryable.
 */
export function failureKindOf(error: SendError): FailureKind {
  if (error.status === 403 || error.code === NOT_ALLOWED_CODE) return 'unauthorized';
  if (error.status === null) return 'unsent';
  return 'retryable';
}
