/**
 * Block list limits: the hosted service's (15 lists, 10,000 words, 40 characters a word) are the
 * defaults; CHAT_BLOCKLIST_MAX_LISTS, CHAT_BLOCKLIST_MAX_WORDS and CHAT_BLOCKLIST_WORD_LENGTH
 * change them (server/config.ts) up to the caps the request schemas hold.
 */
export const BLOCKLIST_MAX_LISTS = 15;
export const BLOCKLIST_MAX_WORDS = 10_000;
export const BLOCKLIST_WORD_MAX_LENGTH = 40;
/** The largest values the settings may take (and the request schemas accept). */
export const BLOCKLIST_WORDS_CAP = 100_000;
export const BLOCKLIST_WORD_LENGTH_CAP = 200;
