/**
 * The e2e suite's `test`: Playwright's, with every page of every browser context watched for
 * Content-Security-Policy violations reported in its console. A test that causes one fails, so
 * the pages' CSP (server/http/security-headers.ts) always allows what the app really loads.
 * Browser contexts a test opens are closed when it ends.
 */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

export { expect };
export type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';

const CSP_REPORT = /Content[- ]Security[- ]Policy/i;

interface CspWatch {
  violations: string[];
  watch(context: BrowserContext): void;
}

export const test = base.extend<{ csp: CspWatch }>({
  csp: [
    async ({ browser }, use) => {
      const violations: string[] = [];
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('console', (message) => {
          if (CSP_REPORT.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      };
      const watch = (context: BrowserContext) => {
        context.pages().forEach(watchPage);
        context.on('page', watchPage);
      };
      // Contexts a test opens itself (a second member's browser) are watched too, and closed when
      // it ends: the browser outlives the test, and a member's page left open on a channel would
      // go on reading it (marking it read) during the next test.
      const opened: BrowserContext[] = [];
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        opened.push(context);
        watch(context);
        return context;
      };
      await use({ violations, watch });
      browser.newContext = newContext;
      await Promise.all(opened.map((context) => context.close()));
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  context: async ({ context, csp }, use) => {
    csp.watch(context);
    await use(context);
  },
});
