import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatConfig } from './chat-config';

describe('chatConfig', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('defaults to the sandbox under this origin', () => {
    vi.stubEnv('VITE_CHAT_API_KEY', undefined);
    vi.stubEnv('VITE_CHAT_BASE_URL', undefined);
    expect(chatConfig()).toEqual({ apiKey: 'sideline-local', baseURL: `${location.origin}/chat` });
  });

  it('takes the key and base URL of a hosted build', () => {
    vi.stubEnv('VITE_CHAT_API_KEY', 'k9x2hosted');
    vi.stubEnv('VITE_CHAT_BASE_URL', 'https://chat.stream-io-api.com/');
    expect(chatConfig()).toEqual({ apiKey: 'k9x2hosted', baseURL: 'https://chat.stream-io-api.com' });
  });

  it('treats empty values as unset', () => {
    vi.stubEnv('VITE_CHAT_API_KEY', ' ');
    vi.stubEnv('VITE_CHAT_BASE_URL', '');
    expect(chatConfig()).toEqual({ apiKey: 'sideline-local', baseURL: `${location.origin}/chat` });
  });
});
