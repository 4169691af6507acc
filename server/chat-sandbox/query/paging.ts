/**
 * Message paging (chat-protocol.md §4.2 and §4.3): `limit` with one of id_lt, id_lte, id_gt,
 * id_gte, id_around, created_at_around, created_at_before(_or_equal), created_at_after(_or_equal).
 * Input and output are oldest first.
 */
import { inputError } from '../errors.js';
import type { MessageRec } from '../store/model.js';

export interface PageOptions {
  limit?: number;
  id_lt?: string;
  id_lte?: string;
  id_gt?: string;
  id_gte?: string;
  id_around?: string;
  created_at_around?: string;
  created_at_before?: string;
  created_at_before_or_equal?: string;
  created_at_after?: string;
  created_at_after_or_equal?: string;
}

export function pageMessages(list: MessageRec[], options: PageOptions, defaultLimit: number): MessageRec[] {
  const limit = Math.min(Math.max(Number(options.limit ?? defaultLimit), 0), 300);
  if (!Number.isFinite(limit)) throw inputError('limit must be a number');
  if (limit === 0) return [];
  const indexOf = (id: string) => {
    const index = list.findIndex((m) => m.id === id);
    return index;
  };
  const before = (end: number) => list.slice(Math.max(0, end - limit), end);
  const after = (start: number) => list.slice(start, start + limit);
  const around = (center: number) => {
    const half = Math.floor((limit - 1) / 2);
    const start = Math.max(0, Math.min(center - half, list.length - limit));
    return list.slice(start, start + limit);
  };
  const firstAt = (iso: string, inclusive: boolean) => {
    const i = list.findIndex((m) => (inclusive ? m.created_at >= iso : m.created_at > iso));
    return i < 0 ? list.length : i;
  };
  if (options.id_lt) return before(indexOrEnd(indexOf(options.id_lt), list.length));
  if (options.id_lte) return before(indexOrEnd(indexOf(options.id_lte), list.length - 1) + 1);
  if (options.id_gt) return after(indexOf(options.id_gt) + 1);
  if (options.id_gte) return after(Math.max(0, indexOf(options.id_gte)));
  if (options.id_around) {
    const i = indexOf(options.id_around);
    return i < 0 ? before(list.length) : around(i);
  }
  if (options.created_at_around) return around(Math.min(firstAt(options.created_at_around, true), list.length - 1));
  if (options.created_at_before) return before(firstAt(options.created_at_before, true));
  if (options.created_at_before_or_equal) return before(firstAt(options.created_at_before_or_equal, false));
  if (options.created_at_after) return after(firstAt(options.created_at_after, false));
  if (options.created_at_after_or_equal) return after(firstAt(options.created_at_after_or_equal, true));
  return before(list.length);
}

function indexOrEnd(index: number, end: number): number {
  return index < 0 ? end : index;
}
