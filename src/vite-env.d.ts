/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the product API; default /api (same origin). */
  readonly VITE_API_BASE?: string;
}
