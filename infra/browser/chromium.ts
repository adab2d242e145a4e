// Headless Chromium for the site's browser tests and its bench, driven by playwright-core (a development
// dependency): the system's Chromium (CHROMIUM_PATH, default /usr/bin/chromium, Debian's package) with the flags a
// closed machine needs (no background networking, no updates, no first-run work).
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
