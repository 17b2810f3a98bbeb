/** What every e2e flow does with the workbench itself: run a command, find a webview's frame, change the colour theme. */
import type { Frame, Page } from 'playwright-core';

/** Waits for a webview whose document matches `selector` (webviews are nested iframes). */
export async function webviewFrame(page: Page, selector: string, timeout = 30_000): Promise<Frame> {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    for (const frame of page.frames()) {
      try {
        if (await frame.$(selector)) return frame;
      } catch {
        // A frame detached while we looked; try the next one.
      }
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no webview showed ${selector} within ${timeout / 1000} s`);
}

/** Polls `fn` until it holds (a file on disk, a count in a panel), or fails naming `what`. */
export async function until(what: string, fn: () => Promise<boolean> | boolean, timeout = 30_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The themes every panel is looked at in (picker label, screenshot suffix): light, high contrast,
 * then Dark Modern, the workbench's default, which the steps after then see.
 */
export const THEMES = [
  ['Light Modern', 'light'],
  ['Dark High Contrast', 'hc'],
  ['Dark Modern', 'dark'],
] as const;

/** The same three, high contrast last (the order some flows were written with; it stays chosen). */
export const THEMES_ENDING_HC = [
  ['Light Modern', 'light'],
  ['Dark Modern', 'dark'],
  ['Dark High Contrast', 'hc'],
] as const;

/**
 * Chooses a colour theme by the name its picker lists ("Dark Modern", "Light Modern", "Dark High
 * Contrast"). The picker replaces the palette in the same widget: the name is filled into the
 * picker's own input (known by its placeholder), not typed at whatever has the focus, since a
 * webview that redraws can take the focus back while the picker opens.
 */
export async function chooseTheme(page: Page, label: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill('>Preferences: Color Theme');
  // Not "Preferences: Browse Color Themes in Marketplace", which may come first.
  await page
    .locator('.quick-input-widget .monaco-list-row', { hasText: /^\s*Preferences: Color Theme/ })
    .first()
    .click();
  const picker = page.locator('.quick-input-widget input.input[placeholder*="Color Theme"]');
  await picker.waitFor({ state: 'visible', timeout: 10_000 });
  await picker.fill(label);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().waitFor({ timeout: 10_000 });
  await picker.press('Enter');
  await page.locator('.quick-input-widget').first().waitFor({ state: 'hidden', timeout: 10_000 });
  await page.waitForTimeout(1000);
}

/**
 * Runs a command from the palette. The extension's commands appear only once the extension host
 * has registered it, which a loaded machine takes a while to do: ask again until it is listed.
 */
export async function palette(page: Page, title: string, timeout = 120_000): Promise<void> {
  const until = Date.now() + timeout;
  for (;;) {
    await page.keyboard.press('Escape');
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(`>${title}`);
    try {
      await page
        .locator('.quick-input-widget .monaco-list-row', { hasText: title })
        .first()
        .waitFor({ timeout: 5_000 });
      break;
    } catch (e) {
      if (Date.now() > until) throw e;
    }
  }
  await page.keyboard.press('Enter');
}
