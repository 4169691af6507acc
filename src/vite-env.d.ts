/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the product API; default /api (same origin). */
  readonly VITE_API_BASE?: string;
  /** The chat application's public key; default sideline-local (the sandbox's). */
  readonly VITE_CHAT_API_KEY?: string;
  /** Base URL of the chat service; default this origin's /chat (the sandbox). */
  readonly VITE_CHAT_BASE_URL?: string;
}
