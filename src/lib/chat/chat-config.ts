/**
 * Where the browser's chat client connects, from the build configuration: `VITE_CHAT_API_KEY`
 * (default the sandbox's `sideline-local`) and `VITE_CHAT_BASE_URL` (default this origin's
 * `/chat`, the sandbox). A hosted build sets both. Empty values count as unset.
 */
export interface ChatConfig {
  apiKey: string;
  baseURL: string;
}

export function chatConfig(): ChatConfig {
  const apiKey = import.meta.env.VITE_CHAT_API_KEY?.trim() || 'sideline-local';
  const baseURL = import.meta.env.VITE_CHAT_BASE_URL?.trim() || `${location.origin}/chat`;
  // The client appends paths (`/connect`, `/channels`); a trailing slash would double them.
  return { apiKey, baseURL: baseURL.replace(/\/+$/, '') };
}
