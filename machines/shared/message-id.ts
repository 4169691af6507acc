/**
 * Client-generated chat message ids, made the way stream-chat(-react) makes them:
 * `${userId}-${uuid v4}`. The id is chosen once, when the composer hands a message over, and every
 * retry sends the same id, so the service can refuse a copy (code 4 "already exists").
 */
export function newMessageId(userId: string, uuid: () => string = () => crypto.randomUUID()): string {
  return `${userId}-${uuid()}`;
}
