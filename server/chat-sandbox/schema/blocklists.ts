/** Request schemas of the block list routes (routes/blocklists.ts); the worded refusals stay in blocklists.ts. */
import { BLOCKLIST_WORD_LENGTH_CAP, BLOCKLIST_WORDS_CAP } from '../blocklist-limits.js';
import { body, query } from './fragments.js';

const name = { type: 'string', minLength: 1, maxLength: 64 } as const;
const words = {
  type: 'array',
  maxItems: BLOCKLIST_WORDS_CAP,
  items: { type: 'string', maxLength: BLOCKLIST_WORD_LENGTH_CAP },
} as const;
const params = { type: 'object', properties: { name }, required: ['name'] } as const;

export const CREATE = { querystring: query(), body: body({ name, words }, ['name', 'words']) };
export const LIST = { querystring: query() };
export const ONE = { querystring: query(), params };
export const UPDATE = { querystring: query(), params, body: body({ words }, ['words']) };
