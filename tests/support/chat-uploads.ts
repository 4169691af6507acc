/**
 * Helpers for chat upload tests: the error a client call fails with, the upload records the
 * sandbox persisted, raw multipart requests (for forms and names the client cannot produce)
 * and the chat error envelope of a raw answer.
 */
import type { FileRec } from '../../server/chat-sandbox/store/model.js';
import { userToken, type ChatServer } from './chat.js';

export interface ChatFailure {
  code: number;
  status: number;
  message: string;
}

/** The error a client call fails with (code, HTTP status, message). */
export async function failure(call: Promise<unknown>): Promise<ChatFailure> {
  try {
    await call;
  } catch (error) {
    const { code, status, message } = error as ChatFailure;
    return { code, status, message };
  }
  throw new Error('expected the call to fail');
}

/** The upload records the sandbox persisted (chat_documents, kind `file`). */
export async function storedFiles(server: ChatServer): Promise<FileRec[]> {
  const rows = await server.database.db
    .selectFrom('chat_documents')
    .select('data')
    .where('kind', '=', 'file')
    .execute();
  return rows.map((row) => JSON.parse(row.data) as FileRec);
}

export async function storedFile(server: ChatServer, id: string): Promise<FileRec | undefined> {
  return (await storedFiles(server)).find((file) => file.id === id);
}

/** The stored name (`<uuid>.<ext>`) an upload URL points to. */
export const storedNameOf = (url: string): string => new URL(url).pathname.split('/').pop()!;

/** A raw request as the client would make it (for forms the client cannot produce). */
export function rawUpload(
  server: ChatServer,
  userId: string,
  path: string,
  body: FormData | string,
  contentType?: string,
) {
  const query = new URLSearchParams({ api_key: server.config.chatApiKey, user_id: userId });
  return fetch(`${server.chatUrl}${path}?${query}`, {
    method: 'POST',
    headers: {
      authorization: userToken(server, userId),
      'stream-auth-type': 'jwt',
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    body,
  });
}

/** A form with one file part named `file`. */
export function fileForm(data: Buffer, fileName: string, type = 'application/octet-stream'): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(data)], { type }), fileName);
  return body;
}

/** The chat error envelope of a refused raw request (asserting its shape). */
export async function envelopeOf(response: Response): Promise<{ code: number; StatusCode: number; message: string }> {
  const answer = (await response.json()) as { code: number; StatusCode: number; message: string };
  if (typeof answer.code !== 'number' || answer.StatusCode !== response.status || typeof answer.message !== 'string') {
    throw new Error(`not the chat error envelope: ${response.status} ${JSON.stringify(answer)}`);
  }
  return answer;
}
