/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './scripts/chunk-groups.js';

const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The start-up chunk is one large file on purpose; bench/bundle.ts holds the size budget.
    chunkSizeWarningLimit: 1000,
    // Start-up code in one chunk, the chat screen's in another (docs/decisions/0008).
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    port: Number(process.env.DEV_PORT ?? 5173),
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      // The chat sandbox (REST and WebSocket), where the browser's chat client connects by default;
      // page navigations to the app's own /chat screen stay with Vite.
      '/chat': {
        target: `http://localhost:${apiPort}`,
        ws: true,
        bypass: (req) => (req.headers.accept?.includes('text/html') ? req.url : undefined),
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts'],
          setupFiles: ['tests/support/setup-dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/server/**/*.test.ts',
            'tests/chat/**/*.test.ts',
            'tests/machines/**/*.test.ts',
            'server/**/*.test.ts',
            'shared/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          // Each file starts its own server on its own database, so its modules need no fresh copy:
          // reusing them saves most of the suite's import time (docs/decisions/0037).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The browser app rendered against a real server: its modules keep state (language,
          // selected league, chat client), so each file gets fresh ones.
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
