/**
 * What a malformed multipart/form-data request means, for the product API's error handler, so
 * every multipart route answers a 4xx that names the problem instead of a 500. The parser
 * (@fastify/multipart over busboy) reports limits with FST_* codes but a broken body with plain
 * Errors, known here by their exact messages (busboy's and the older busboy's wording).
 */

export interface MultipartProblem {
  status: number;
  message: string;
}

const INCOMPLETE =
  'The multipart/form-data body is incomplete or does not use the boundary named in its Content-Type; ' +
  'send the whole form';
const CLOSED_EARLY = 'The request was closed before its body was complete';

/** By @fastify/multipart's error code. */
const BY_CODE: Record<string, MultipartProblem> = {
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: 'Send this request as multipart/form-data' },
  FST_PARTS_LIMIT: { status: 413, message: 'The form has more parts than this request accepts' },
  FST_FILES_LIMIT: { status: 413, message: 'The form has more files than this request accepts' },
  FST_FIELDS_LIMIT: { status: 413, message: 'The form has more fields than this request accepts' },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: 'An uploaded file is larger than this request accepts' },
  FST_PROTO_VIOLATION: {
    status: 400,
    message: 'A form field may not be named like an object property (__proto__, constructor, …)',
  },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field sent as application/json is not valid JSON' },
  FST_MP_PREMATURE_CLOSE: { status: 400, message: CLOSED_EARLY },
};

/** By busboy's message (it gives its errors no code). */
const BY_MESSAGE: Record<string, MultipartProblem> = {
  'Multipart: Boundary not found': {
    status: 400,
    message: 'The multipart/form-data Content-Type has no boundary; send multipart/form-data; boundary=…',
  },
  'Unexpected end of multipart data': { status: 400, message: INCOMPLETE },
  'Unexpected end of form': { status: 400, message: INCOMPLETE },
  'Malformed part header': { status: 400, message: 'A part of the multipart/form-data body has a malformed header' },
};

const TERMINATED_EARLY = /^(Part|File|Field)? ?terminated early due to unexpected end of multipart data$/i;

export function describeMultipartError(error: { code?: unknown; message?: unknown }): MultipartProblem | null {
  if (typeof error.code === 'string' && BY_CODE[error.code]) return BY_CODE[error.code]!;
  if (typeof error.message !== 'string') return null;
  if (BY_MESSAGE[error.message]) return BY_MESSAGE[error.message]!;
  if (TERMINATED_EARLY.test(error.message)) return { status: 400, message: INCOMPLETE };
  // The client went away while the body was being read (Node's 'aborted', code ECONNRESET).
  if (error.code === 'ECONNRESET' && error.message === 'aborted') return { status: 400, message: CLOSED_EARLY };
  return null;
}
