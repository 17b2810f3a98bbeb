/**
 * The person page end to end, by keyboard only (issue #19 items 1 and 4): "Open Person Page…"
 * from the palette, the subject picked by typing, Tab to a parent link, Enter follows it, Back
 * returns; screenshots in the light, dark and high-contrast themes (person-*.png).
 */
import type { Frame, Page } from 'playwright-core';
import { chooseTheme } from './workbench';

export interface PersonStepContext {
  page: Page;
  shot(name: string): Promise<unknown>;
  paletteInto(page: Page, command: string, pickerTitle: string, text?: string): Promise<void>;
  webviewFrame(page: Page, selector: string, timeout?: number): Promise<Frame>;
}

/** The webview's focused element, as the page sees it. */
function focused(frame: Frame): Promise<{ person: string | null; text: string; tag: string }> {
  return frame.evaluate(() => {
    const el = document.activeElement;
    return {
      person: el?.getAttribute('data-person') ?? null,
      text: (el?.textContent ?? '').trim().slice(0, 80),
      tag: el?.tagName ?? '',
    };
  });
}

export async function personPageByKeyboard(
  ctx: PersonStepContext,
  subject: { id: string; name: string },
  parentIds: Set<string>,
): Promise<string> {
  const { page } = ctx;
  // The picker's own title (the palette's row also says "Open Person Page"), then its field.
  await ctx.paletteInto(page, 'Ancestry: Open Person Page…', 'Open Person Page', subject.name);
  await page
    .locator('.quick-input-widget .monaco-list-row', { hasText: subject.id })
    .first()
    .waitFor({ timeout: 20_000 });
  await page.keyboard.press('Enter');
  let frame = await ctx.webviewFrame(page, `body[data-panel="person"] h1#person-name`, 30_000);
  await frame.locator('h1#person-name', { hasText: subject.name.split(' ')[0] }).waitFor({ timeout: 20_000 });
  // Tab from the top of the page to the first parent link (keyboard only: no click anywhere).
  let reached: string | undefined;
  const seen: string[] = [];
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(frame);
    seen.push(f.person ?? f.text.slice(0, 20));
    if (f.person && parentIds.has(f.person)) reached = f.person;
  }
  if (!reached) throw new Error(`Tab never reached a parent link; focus went: ${seen.join(' → ')}`);
  const tabs = seen.length;
  for (const [theme, name] of [
    ['Dark Modern', 'person-dark'],
    ['Light Modern', 'person-light'],
    ['Dark High Contrast', 'person-hc'],
  ] as const) {
    await chooseTheme(ctx.page, theme);
    await ctx.shot(name);
  }
  await chooseTheme(page, 'Dark Modern');
  frame = await ctx.webviewFrame(page, `body[data-panel="person"] a[data-person="${reached}"]`);
  // The palette gave the focus back to the page, on the same link.
  const after = await focused(frame);
  if (after.person !== reached)
    throw new Error(`after the theme changes the focus is on ${after.tag} "${after.text}", not the parent link`);
  const parentName = ((await frame.locator(`a[data-person="${reached}"]`).first().textContent()) ?? '').trim();
  await page.keyboard.press('Enter');
  await frame.locator('h1#person-name', { hasText: parentName }).waitFor({ timeout: 20_000 });
  await ctx.shot('person-parent');
  // The new page puts the focus on its heading; Back is the toolbar's first button, before it.
  let back = false;
  for (let i = 0; i < 6 && !back; i++) {
    await page.keyboard.press('Shift+Tab');
    back = (await focused(frame)).text.includes('Back');
  }
  if (!back) throw new Error('Shift+Tab from the heading never reached Back');
  await page.keyboard.press('Enter');
  await frame.locator('h1#person-name', { hasText: subject.name.split(' ')[0] }).waitFor({ timeout: 20_000 });
  return `${subject.name} → ${parentName} after ${tabs} Tab presses and Enter; Back by Shift+Tab and Enter`;
}
