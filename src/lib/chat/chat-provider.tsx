/**
 * The chat's place in the protected layout: the chat connection and the total unread count live
 * here, so every signed-in screen (the navigation's unread badge, the chat page) shares one
 * connection. Until the connection statechart is wired in, nothing is connected and the unread
 * count is zero.
 */
import { createContext, useContext, type ReactNode } from 'react';

export interface ChatState {
  /** Total unread messages over all channels; shown as the navigation badge. */
  unreadCount: number;
}

const ChatContext = createContext<ChatState>({ unreadCount: 0 });

export function ChatProvider({ children }: { children: ReactNode }) {
  return <ChatContext.Provider value={{ unreadCount: 0 }}>{children}</ChatContext.Provider>;
}

export function useChatUnreadCount(): number {
  return useContext(ChatContext).unreadCount;
}
