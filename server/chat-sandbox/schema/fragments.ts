/**
 * JSON schema pieces for the chat sandbox's routes (schema/validation.ts explains how they are
 * checked). Bodies are validated without coercion, so a wrong type is refused; query strings and
 * path parameters arrive as text and are coerced to the declared type. The lengths and counts
 * mirror the hosted service's documented limits where it states them (docs/chat-sandbox.md,
 * "Request validation"); elsewhere they are generous bounds that keep a request from being huge.
 *
 * Filters (`filter_conditions`, `filter`, …) share one recursive schema: objects of field
 * conditions, combined with `$and`/`$or`/`$nor` arrays. It lives in the `$defs` of every body and
 * query-string schema (`body()`, `query()`), where `filter` refers to it.
 */

/** Longest id (user, message, poll, option, reminder) the service accepts. */
export const ID_MAX = 255;
/** Longest channel id (the service: 64 characters). */
export const CHANNEL_ID_MAX = 64;
/** Longest free text in a request (the service's own limit on message text is the channel type's max_message_length). */
export const TEXT_MAX = 20_000;
/** Most items in a list of ids or records in one request. */
export const LIST_MAX = 1_000;

/** No control characters in an id: they cannot be stored as a key (PostgreSQL refuses NUL) nor shown. */
const NO_CONTROLS = '^[^\\u0000-\\u001f\\u007f]*$';
export const id = { type: 'string', minLength: 1, maxLength: ID_MAX, pattern: NO_CONTROLS } as const;
export const optionalText = (max = TEXT_MAX) => ({ type: 'string', maxLength: max }) as const;
export const ids = (max = LIST_MAX) => ({ type: 'array', maxItems: max, items: id }) as const;
export const bool = { type: 'boolean' } as const;
export const nullable = <T extends object>(schema: T) => ({ anyOf: [schema, { type: 'null' }] }) as const;
/** The user a server-side call acts for (`user_id`); the client sends null when it names none. */
export const actingUser = nullable(id);

/** An RFC 3339 timestamp as the service writes them (`2026-11-25T10:00:00.000Z`, offsets allowed). */
export const timestamp = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:?\\d{2})$',
} as const;

export const integer = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;
export const limit = (maximum: number) => integer(0, maximum);
export const offset = integer(0, 1_000_000);

/** `[{field, direction}]`: the service takes up to a few sort fields, each ascending (1) or descending (-1). */
export const sort = {
  type: 'array',
  maxItems: 10,
  items: {
    type: 'object',
    required: ['field'],
    properties: {
      field: { type: 'string', minLength: 1, maxLength: 100 },
      direction: { type: 'integer', enum: [1, -1] },
    },
  },
} as const;

/** Custom data on a record (channel, message, user): any JSON object, its depth limited by the hook. */
export const customObject = { type: 'object', maxProperties: 100 } as const;

/** A value a filter compares with: a scalar (or null). */
const scalar = {
  anyOf: [{ type: 'string', maxLength: TEXT_MAX }, { type: 'number' }, { type: 'boolean' }, { type: 'null' }],
};
const scalars = { type: 'array', maxItems: LIST_MAX, items: scalar };

/**
 * One field's condition: a scalar, a list of scalars (set equality), or an object of operators
 * (`$eq`, `$in`, …) whose operands are scalars or lists. Which operators exist, and what each
 * operand means, is the filter code's to say (query/filter.ts), with the service's texts.
 */
const condition = {
  anyOf: [
    scalar,
    scalars,
    {
      type: 'object',
      maxProperties: 10,
      propertyNames: { pattern: '^\\$' },
      additionalProperties: { anyOf: [scalar, scalars] },
    },
  ],
};

const FILTER_REF = '#/$defs/filter';

/** The recursive filter schema, in the `$defs` of every body and query schema. */
const filterSchema = {
  type: 'object',
  maxProperties: 50,
  properties: {
    $and: { type: 'array', maxItems: 50, items: { $ref: FILTER_REF } },
    $or: { type: 'array', maxItems: 50, items: { $ref: FILTER_REF } },
    $nor: { type: 'array', maxItems: 50, items: { $ref: FILTER_REF } },
  },
  additionalProperties: condition,
} as const;

const definitions = { filter: filterSchema } as const;

/** Where a route takes a filter. */
export const filter = { $ref: FILTER_REF } as const;

/** Path parameters: every one is an id-like string; the route's own rules give the spec's texts. */
export const params = (...names: string[]) =>
  ({
    type: 'object',
    required: names,
    properties: Object.fromEntries(names.map((name) => [name, id])),
  }) as const;

/** The query string every route may carry: the API key, the server's acting user and connection id. */
export const baseQuery = {
  api_key: { type: 'string', maxLength: 100 },
  user_id: { type: 'string', maxLength: ID_MAX },
  connection_id: { type: 'string', maxLength: ID_MAX },
} as const;

/** A query-string schema: the base keys plus the route's own, more allowed (the client adds its own). */
export const query = (properties: Record<string, object> = {}) =>
  ({ $defs: definitions, type: 'object', properties: { ...baseQuery, ...properties } }) as const;

/** A body schema: an object with these properties; unknown fields are accepted and ignored, as the service does. */
export const body = (properties: Record<string, object>, required: string[] = []) =>
  ({ $defs: definitions, type: 'object', properties, required }) as const;

/** A nested object (inside a body or a `payload`): like `body()`, without its own definitions. */
export const object = (properties: Record<string, object>, required: string[] = []) =>
  ({ type: 'object', properties, required }) as const;

/** Longest URL a request may name (a link to preview, an image). */
export const URL_MAX = 2_048;
export const url = { type: 'string', maxLength: URL_MAX } as const;

/** An opaque paging cursor (`next`, `prev`) from a previous answer; null or absent for the first page. */
export const pageCursor = nullable({ type: 'string', maxLength: 1_000 });

/** `{filter, sort, limit, next | prev}` bodies of the cursor-paged queries (drafts, reminders). */
export const cursorQuery = (maxLimit: number) =>
  body({
    filter: nullable(filter),
    sort: nullable(sort),
    limit: nullable(limit(maxLimit)),
    next: pageCursor,
    prev: pageCursor,
    user_id: actingUser,
  });
