// Pages of the site under test in headless Chromium (infra/browser/chromium.ts): what a page did that it must never
// do, screenshots (under artifacts/screenshots, kept after the run for a person to look at), and whether a chart's
// canvas drew anything.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';

export { launchBrowser } from '../../infra/browser/chromium.js';

export const SCREENSHOTS = fileURLToPath(new URL('../../artifacts/screenshots', import.meta.url));

/** What a page did that a page must never do: script errors, dialogs (an injected `alert`), CSP violations. */
export interface PageFaults {
  errors: string[];
  dialogs: string[];
  cspViolations: string[];
}

export async function watchedPage(browser: Browser): Promise<{ page: Page; faults: PageFaults }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const faults: PageFaults = { errors: [], dialogs: [], cspViolations: [] };
  page.on('pageerror', (error) => faults.errors.push(error.message));
  page.on('dialog', (dialog) => {
    faults.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text())) faults.cspViolations.push(message.text());
  });
  return { page, faults };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** What the check reads of a canvas (the tests are compiled without the DOM's types). */
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): { getImageData(x: number, y: number, width: number, height: number): { data: Uint8ClampedArray } } | null;
}

/** Whether a canvas inside `selector` has drawn something beyond its background: distinct colours counted. */
export async function canvasColours(page: Page, selector: string): Promise<number> {
  return page.$$eval(`${selector} canvas`, (canvases) => {
    const colours = new Set<number>();
    for (const canvas of canvases as unknown as CanvasLike[]) {
      const context = canvas.getContext('2d');
      if (context === null || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 16) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    }
    return colours.size;
  });
}
