/**
 * The league's chat sync for its commissioner (docs/api.md, "Chat sync"): its state, and "Try
 * now". Typed by the machine's own description of the answer, which the server's schema matches.
 */
import type { ChatSyncState } from '../../machines/chat-sync/chat-sync.types';
import { api } from './api-client';

export type { ChatSyncState };

export const loadChatSync = (leagueId: number) => api.get<ChatSyncState>(`/leagues/${leagueId}/chat-sync`);

export const retryChatSync = (leagueId: number) => api.post<ChatSyncState>(`/leagues/${leagueId}/chat-sync/retry`);
