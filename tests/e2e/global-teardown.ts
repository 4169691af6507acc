import { rm } from 'node:fs/promises';

/** Removes the run's data folder (database, secrets, avatars) made in playwright.config.ts. */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && dir.includes('sideline-e2e-')) await rm(dir, { recursive: true, force: true });
}
