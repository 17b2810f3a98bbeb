/**
 * Level 3, issue #17 item 4: the document view in code-server. A gravestone rendered to PNG goes
 * into the case archive; "Open Document View…" (palette, then the quick pick) transcribes it and
 * opens the view; the image is zoomed, turned and panned from the keyboard; a word of the
 * transcription is corrected and saved with Ctrl+S; the sidecar on disk is then the person's
 * (unsealed, the word corrected, the correction logged). Screenshots of the view in the light, dark
 * and high-contrast themes (test-results/e2e/document-*.png).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { readSidecar } from '../../src/sources/documents/sidecar';
import { PAGES, renderPng, renderScannedPdf } from '../documents/pages';
import { stepRunner, type FlowContext, type StepResult } from './flow';
import { THEMES_ENDING_HC, chooseTheme, palette, webviewFrame } from './workbench';

const attr = (frame: Frame, name: string) => frame.locator('.viewport').evaluate((el, n) => el.getAttribute(n), name);

export async function runDocumentsFlow(ctx: FlowContext): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
  const { shot, step } = stepRunner(ctx, page, results, 'document-');
  const doc = 'archive/cemetery/owens-gravestone.png';
  writeFileSync(join(ctx.workspace, doc), await renderPng(PAGES[2], { px: 28, skew: 1, noise: 0.005, seed: 11 }));
  const scan = 'archive/newspapers/scanned-notices.pdf';
  writeFileSync(
    join(ctx.workspace, scan),
    await renderScannedPdf([
      await renderPng(PAGES[3], { px: 24, seed: 12 }),
      await renderPng(PAGES[1], { px: 24, seed: 13 }),
    ]),
  );
  let frame: Frame | undefined;
  const view = () => frame ?? Promise.reject(new Error('the document view did not open'));

  await step('document: Open Document View… transcribes the picked image and opens it beside its text', async () => {
    await page.goto(`${ctx.baseUrl}/?folder=${encodeURIComponent(ctx.workspace)}`, { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForTimeout(3000);
    await palette(page, 'Ancestry: Open Document View');
    const row = page.locator('.quick-input-widget .monaco-list-row', { hasText: 'owens-gravestone.png' }).first();
    await row.waitFor({ timeout: 30_000 });
    const described = (await row.innerText()).replace(/\s+/g, ' ');
    await page.keyboard.type('owens-gravestone');
    await page.keyboard.press('Enter');
    frame = await webviewFrame(page, '#transcription', 120_000);
    // OCR runs before the view opens; the text arrives with the view's first state.
    const until = Date.now() + 60_000;
    while (!(await frame.locator('#transcription').inputValue())) {
      if (Date.now() > until) throw new Error('the transcription stayed empty');
      await page.waitForTimeout(250);
    }
    await frame
      .locator('.viewport img.page')
      .evaluate(
        (img) =>
          new Promise<void>((resolve) =>
            (img as HTMLImageElement).complete ? resolve() : img.addEventListener('load', () => resolve()),
          ),
      );
    const size = await frame.locator('.viewport img.page').evaluate((img) => (img as HTMLImageElement).naturalWidth);
    if (!size) throw new Error('the image did not load in the webview (CSP or resource root)');
    await shot('document-opened');
    return `quick pick row "${described}"; ${(await frame.locator('#transcription-meta').innerText()).slice(0, 80)}`;
  });

  await step('document: + + zooms, R turns, arrow keys pan and 0 fits, from the keyboard', async () => {
    const f = await view();
    await f.locator('.viewport').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    const zoomed = Number(await attr(f, 'data-zoom'));
    if (Math.abs(zoomed - 1.5625) > 0.01) throw new Error(`zoom after + + is ${zoomed}`);
    await page.keyboard.press('r');
    if ((await attr(f, 'data-rotation')) !== '90')
      throw new Error(`rotation after R is ${await attr(f, 'data-rotation')}`);
    await page.keyboard.press('Shift+R');
    const before = await f.locator('.viewport img.page').evaluate((el) => (el as HTMLElement).style.transform);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    const after = await f.locator('.viewport img.page').evaluate((el) => (el as HTMLElement).style.transform);
    if (before === after) throw new Error('arrow keys did not pan');
    await shot('document-zoomed');
    const status = await f.locator('#zoom-status').innerText();
    await page.keyboard.press('0');
    if (Number(await attr(f, 'data-zoom')) !== 1) throw new Error('0 did not fit the page');
    await page.keyboard.press('+');
    return `status "${status}"; ${after}`;
  });

  let corrected = '';
  await step('document: a word corrected and saved with Ctrl+S is the person’s sidecar on disk', async () => {
    const f = await view();
    const area = f.locator('#transcription');
    const text = await area.inputValue();
    // Whatever OCR read on the stone's second line, the person writes what is carved there.
    const lines = text.split('\n');
    const i = lines.findIndex((l) => /OWEN|THOMAS/i.test(l));
    const at = i >= 0 ? i : 1;
    lines[at] = 'THOMAS OWEN';
    corrected = lines.join('\n');
    await area.fill(corrected);
    await area.press('Control+s');
    await f.locator('#save-status', { hasText: 'Saved to' }).waitFor({ timeout: 30_000 });
    const file = readFileSync(join(ctx.workspace, `${doc}.md`), 'utf8');
    const s = readSidecar(file);
    if (s.kind !== 'edited') throw new Error(`the sidecar reads as ${s.kind}`);
    if (!/^THOMAS OWEN$/m.test(s.body))
      throw new Error(`the sidecar's body is not the correction: ${s.body.slice(0, 120)}`);
    const log = readFileSync(join(ctx.workspace, 'log', 'research-log.jsonl'), 'utf8');
    if (!log.includes('"decisionType":"transcription_correction"') || !log.includes(`${doc}.md#`))
      throw new Error('the correction is not in the research log');
    await f.locator('#transcription-meta', { hasText: 'Corrected by a person' }).waitFor({ timeout: 20_000 });
    await shot('document-saved');
    return (await f.locator('#save-status').innerText()).slice(0, 100);
  });

  await step('document: a scanned PDF is OCR’d page by page and its pages turn with Page Down', async () => {
    await palette(page, 'Ancestry: Open Document View');
    await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'scanned-notices.pdf' }).first().waitFor();
    await page.keyboard.type('scanned-notices');
    await page.keyboard.press('Enter');
    const until = Date.now() + 120_000;
    let f: Frame | undefined;
    while (!f && Date.now() < until) {
      for (const fr of page.frames())
        if (
          (await fr
            .locator('#doc-title', { hasText: 'scanned-notices.pdf' })
            .count()
            .catch(() => 0)) > 0
        )
          f = fr;
      if (!f) await page.waitForTimeout(500);
    }
    if (!f) throw new Error('the scanned PDF did not open in the document view');
    const text = await f.locator('#transcription').inputValue();
    if (!/## Page 1[\s\S]*## Page 2/.test(text)) throw new Error(`no page headings in: ${text.slice(0, 120)}`);
    await f.locator('#page-label', { hasText: 'Page 1 of 2' }).waitFor();
    await f.locator('.viewport').focus();
    await page.keyboard.press('PageDown');
    await f.locator('#page-label', { hasText: 'Page 2 of 2' }).waitFor();
    const src = await f.locator('.viewport img.page').getAttribute('src');
    if (!src?.startsWith('data:image/png;base64,')) throw new Error(`page image is ${src?.slice(0, 40)}`);
    await shot('document-scanned-pdf-page-2');
    return (await f.locator('#transcription-meta').innerText()).slice(0, 90);
  });

  await step('document: screenshots in the light, dark and high-contrast themes', async () => {
    for (const [label, name] of THEMES_ENDING_HC) {
      await chooseTheme(page, label);
      await page.locator('.tabs-container .tab', { hasText: 'owens-gravestone.png' }).first().click();
      const f = await view();
      await f.locator('.viewport').focus();
      await page.waitForTimeout(500);
      await shot(`document-${name}`);
    }
  });

  await page.close();
  return results;
}
