/**
 * Chromium for the browser benchmarks: the system Chromium the end-to-end tests use (a clear
 * message when there is none), closed by the benchmark's clean-up, and the demo member's sign-in.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../tests/support/chromium.js';
import { onCleanup } from './cleanup.js';

export const DEMO_MEMBER = { email: 'alex@sideline.example', password: 'sideline-demo' };
export const VIEWPORT = { width: 1280, height: 800 };

/** The Chromium to drive; throws a readable error when there is none (call it before any work). */
export function chromiumPath(): string {
  try {
    return findChromium();
  } catch (error) {
    throw new Error(`This benchmark drives Chromium. ${error instanceof Error ? error.message : String(error)}`);
  }
}

export async function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
  onCleanup('Chromium', () => browser.close());
  return browser;
}

/**
 * Signs the demo member in through the sign-in form (as a person would) and returns the signed-in
 * storage state, for fresh contexts that start with an empty HTTP cache.
 */
export async function signInState(
  browser: Browser,
  baseURL: string,
): Promise<Awaited<ReturnType<BrowserContext['storageState']>>> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Email').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password').fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'hidden', timeout: 30_000 });
    const me = await page.request.get('/api/auth/me');
    if (!me.ok()) throw new Error(`signing in as ${DEMO_MEMBER.email} failed (GET /api/auth/me: ${me.status()})`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}
