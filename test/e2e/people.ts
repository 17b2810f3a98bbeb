/**
 * Level 3, issue #16 item 3: the People view on an imported tree (royal92.ged, 3,010 persons, one
 * tree file) in code-server: the first page and "Load more", Filter People… and Go to Person…
 * driven from the keyboard only (F1, typing, Enter), with screenshots of the view and the quick
 * pick in the light, dark and high-contrast themes (test-results/e2e/people-*.png).
 */
import type { Page } from 'playwright-core';
import { stepRunner, type FlowContext, type StepResult } from './flow';
import { THEMES_ENDING_HC, chooseTheme } from './workbench';

async function palette(page: Page, title: string, arg?: string): Promise<void> {
  await page.keyboard.press('Escape');
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input.input');
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first().waitFor({ timeout: 10_000 });
  await page.keyboard.press('Enter');
  if (arg !== undefined) {
    await page.waitForTimeout(1000);
    await page.keyboard.type(arg, { delay: 20 });
  }
}

const peopleRows = (page: Page) => page.locator('.pane-body [role="treeitem"]');

export async function runPeopleFlow(ctx: FlowContext): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
  const { shot, step } = stepRunner(ctx, page, results, 'people-');
  const theme = (label: string) => chooseTheme(page, label);
  const more = () => page.locator('.pane-body [role="treeitem"]', { hasText: 'Load more' }).first();
  /**
   * Brings "Load more…" into view from the keyboard: focus the People view, then End (the list draws
   * only the rows in view, and a wheel over a row opens its hover instead of scrolling).
   */
  const toEnd = async () => {
    await palette(page, 'Focus on People View');
    await page.waitForTimeout(500);
    await page.keyboard.press('End');
    await more().waitFor({ state: 'visible', timeout: 10_000 });
  };

  await step('people: the imported tree opens a page at a time ("Load more… (200 of 3,010)")', async () => {
    await page.goto(`${ctx.baseUrl}/?folder=${encodeURIComponent(ctx.workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    const item = page.locator('.activitybar [aria-label^="Ancestry"]').first();
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    await item.click();
    await peopleRows(page).first().waitFor({ state: 'visible', timeout: 90_000 });
    await toEnd();
    const text = (await more().innerText()).trim();
    if (!/200 of 3,010/.test(text)) throw new Error(`the paging row says "${text}"`);
    return text;
  });

  await step('people: Load more adds the next page', async () => {
    await more().click();
    await page.waitForTimeout(1000);
    await toEnd();
    const text = (await more().innerText()).trim();
    if (!/400 of 3,010/.test(text)) throw new Error(`after Load more the paging row says "${text}"`);
    await shot('people-view-paged');
  });

  await step('people: Filter People… from the keyboard narrows the view (surname, birth years)', async () => {
    await palette(page, 'Ancestry: Filter People…', 'surname:Hanover born:1800-1900');
    await page.keyboard.press('Enter');
    const header = page.locator('.pane-header', { hasText: 'surname Hanover' }).first();
    await header.waitFor({ timeout: 30_000 });
    const names = (await peopleRows(page).allInnerTexts()).map((t) => t.split('\n')[0]).filter(Boolean);
    const wrong = names.filter((n) => !/Hanover|Living/.test(n));
    if (!names.length || wrong.length) throw new Error(`rows that are not Hanovers: ${wrong.slice(0, 3).join(', ')}`);
    await shot('people-filtered');
    return `${names.length} rows, header "${(await header.innerText()).replace(/\s+/g, ' ')}"`;
  });

  await step('people: Go to Person… finds "vctr hnvr" (fuzzy) and shows her family one click away', async () => {
    await palette(page, 'Ancestry: Clear People Filter');
    await palette(page, 'Ancestry: Go to Person…', 'vctr hnvr');
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Victoria' }).first();
    await row.waitFor({ timeout: 30_000 });
    await shot('people-goto-fuzzy');
    await page.keyboard.press('Enter');
    const found = page.locator('.pane-body [role="treeitem"]', { hasText: 'found' }).first();
    await found.waitFor({ timeout: 30_000 });
    await page
      .locator('.pane-body [role="treeitem"]', { hasText: /Children|Spouses|Parents/ })
      .first()
      .waitFor();
    return (await found.innerText()).split('\n')[0];
  });

  await step('people: screenshots in the light, dark and high-contrast themes', async () => {
    for (const [label, name] of THEMES_ENDING_HC) {
      await theme(label);
      await shot(`people-view-${name}`);
      await palette(page, 'Ancestry: Go to Person…', 'george');
      await page
        .locator('.quick-input-widget .monaco-list-row', { hasText: 'George' })
        .first()
        .waitFor({ timeout: 30_000 });
      await shot(`people-goto-${name}`);
      await page.keyboard.press('Escape');
    }
  });

  await page.close();
  return results;
}
