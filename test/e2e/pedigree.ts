/**
 * Level 3, issue #19 item 2 / #16 item 4: the family chart on an imported tree (royal92.ged, dense
 * cousin marriages) in code-server, driven by the keyboard only: Show Pedigree asks for a person
 * (typed into the quick pick), arrow keys walk to parents, spouses and children while the view
 * pans to keep the focused box in sight, + − 0 zoom, Space re-centres, P/D/F switch the pedigree,
 * descendants and fan charts, and the focused person survives a window reload. Screenshots in the
 * light, dark and high-contrast themes (test-results/e2e/pedigree-*.png).
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Frame, Page } from 'playwright-core';
import { pdfTextPages } from '../../src/sources/documents/pdf-text';
import { stepRunner, type FlowContext, type StepResult } from './flow';
import { THEMES, chooseTheme, palette, webviewFrame } from './workbench';

/** The focused box: its person, generation, and whether it lies fully inside the chart's viewport. */
function focused(frame: Frame) {
  return frame.evaluate(() => {
    const a = document.activeElement;
    const g = a?.closest('g.box');
    const svg = document.querySelector('svg.chart');
    if (!g || !svg) return { id: null, gen: null, visible: false, label: a?.tagName ?? null };
    const r = g.getBoundingClientRect();
    const v = svg.getBoundingClientRect();
    return {
      id: g.getAttribute('data-person-id'),
      gen: Number(g.getAttribute('data-generation')),
      visible: r.left >= v.left - 1 && r.right <= v.right + 1 && r.top >= v.top - 1 && r.bottom <= v.bottom + 1,
      label: a?.getAttribute('aria-label') ?? null,
    };
  });
}

const scale = (frame: Frame) =>
  frame.evaluate(() => {
    const t = document.querySelector('svg.chart g.layer')?.getAttribute('transform') ?? '';
    return Number(/scale\(([\d.]+)/.exec(t)?.[1] ?? 1);
  });

/** Puts the keyboard focus on the chart's focused box, retrying until the chart's document has it. */
/** The chart's own person picker (/), Victoria typed and chosen, all by keyboard. */
async function goToVictoria(page: Page): Promise<void> {
  await page.keyboard.press('/');
  await page.locator('.quick-input-widget', { hasText: 'Go to Person in the Chart' }).first().waitFor();
  await page.waitForTimeout(400);
  await page.keyboard.type('victoria hanover', { delay: 20 });
  await page.locator('.quick-input-widget .monaco-list-row', { hasText: 'Victoria Hanover' }).first().waitFor();
  await page.keyboard.press('Enter');
}

async function focusChart(frame: Frame): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await frame.locator('g.box.focused a, #box-root').first().focus();
    if (await frame.evaluate(() => document.hasFocus())) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('the chart never took the keyboard focus');
}

export async function runPedigreeFlow(ctx: FlowContext): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
  const { shot, step } = stepRunner(ctx, page, results, 'pedigree-');
  const theme = (label: string) => chooseTheme(page, label);

  let frame: Frame | undefined;
  let victoria: string | null = null;

  await step('pedigree: Show Pedigree asks for a person; typing a name and Enter draws her chart', async () => {
    // A loaded machine serves the workbench slowly: the page's own generous timeouts.
    await page.goto(`${ctx.baseUrl}/?folder=${encodeURIComponent(ctx.workspace)}`, { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 120_000 });
    await page.waitForTimeout(3000);
    await palette(page, 'Ancestry: Show Pedigree');
    await page.locator('.quick-input-widget', { hasText: 'Show Pedigree of' }).first().waitFor({ timeout: 20_000 });
    await page.waitForTimeout(500);
    await page.keyboard.type('victoria hanover', { delay: 20 });
    await page
      .locator('.quick-input-widget .monaco-list-row', { hasText: 'Victoria Hanover' })
      .first()
      .waitFor({ timeout: 90_000 });
    await page.keyboard.press('Enter');
    frame = await webviewFrame(page, 'g.box.root[data-person-id]', 60_000);
    const root = frame.locator('g.box.root').first();
    victoria = await root.getAttribute('data-person-id');
    const name = (await root.locator('text.name').textContent()) ?? '';
    if (!name.includes('Victoria')) throw new Error(`the chart shows ${name}`);
    const spouses = await frame.locator('g.box.spouse text.name').allTextContents();
    if (!spouses.some((s) => s.includes('Albert'))) throw new Error(`no Albert beside Victoria: ${spouses.join(', ')}`);
    const stats = (await frame.locator('#stats').textContent()) ?? '';
    await shot('pedigree-dark');
    return `${name.trim()}, spouse ${spouses.join(', ')}; ${stats}`;
  });

  await step(
    'pedigree by keyboard: arrows move to father, mother and back, the view pans to the focused box',
    async () => {
      if (!frame) throw new Error('no chart (previous step failed)');
      let f = await focused(frame);
      let note = '';
      if (f.id !== victoria) {
        // VS Code focuses the webview when it opens the panel; if that focus went elsewhere, Tab into it.
        await frame.locator('#box-root').focus();
        note = ' (focus put on the chart once)';
        f = await focused(frame);
      }
      if (f.id !== victoria) throw new Error(`the subject's box is not focused: ${JSON.stringify(f)}`);
      await page.keyboard.press('ArrowRight');
      const father = await focused(frame);
      if (father.gen !== 1 || !father.label?.includes('male')) throw new Error(`ArrowRight: ${JSON.stringify(father)}`);
      await page.keyboard.press('ArrowDown');
      const mother = await focused(frame);
      if (mother.gen !== 1 || !mother.label?.includes('female'))
        throw new Error(`ArrowDown: ${JSON.stringify(mother)}`);
      // Deeper and down the maternal line, then far below: every box reached is brought into view.
      const seen: string[] = [];
      for (const key of ['ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight', 'ArrowDown', 'ArrowDown']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(150);
        const now = await focused(frame);
        if (!now.visible) throw new Error(`after ${key} the focused box ${now.label} is outside the view`);
        seen.push(now.label?.split(',')[0] ?? '?');
      }
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowDown');
      const spouse = await focused(frame);
      if (!spouse.label?.includes('Albert')) throw new Error(`Down from the subject: ${spouse.label}`);
      await page.keyboard.press('ArrowLeft');
      const child = await focused(frame);
      if (child.gen !== -1) throw new Error(`Left from the spouse: ${JSON.stringify(child)}`);
      await shot('pedigree-keyboard-dark');
      return `father ${father.label?.split(',')[0]}, mother ${mother.label?.split(',')[0]}, then ${seen.join(' → ')}; child ${child.label?.split(',')[0]}${note}`;
    },
  );

  await step('pedigree by keyboard: + − 0 zoom and fit, Space re-centres on a person', async () => {
    if (!frame) throw new Error('no chart');
    const k0 = await scale(frame);
    await page.keyboard.press('+');
    await page.waitForTimeout(200);
    const k1 = await scale(frame);
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await page.waitForTimeout(200);
    const k2 = await scale(frame);
    await page.keyboard.press('0');
    await page.waitForTimeout(200);
    const k3 = await scale(frame);
    if (!(k1 > k0 && k2 < k1)) throw new Error(`zoom ${k0} → + ${k1} → − − ${k2}`);
    // Space on the child centres the chart on them (their own ancestors and descendants).
    const child = await focused(frame);
    await page.keyboard.press('Space');
    await frame.waitForSelector(`g.box.root[data-person-id="${child.id}"]`, { timeout: 20_000 });
    await page.waitForTimeout(300);
    const now = await focused(frame);
    if (now.id !== child.id) throw new Error(`after re-centring the focus is on ${now.label}`);
    return `scale ${k0.toFixed(2)} → ${k1.toFixed(2)} → ${k2.toFixed(2)} → fit ${k3.toFixed(2)}; centred on ${now.label?.split(',')[0]}`;
  });

  await step('pedigree: descendants and fan charts (D, F), screenshots in light, dark and high contrast', async () => {
    if (!frame) throw new Error('no chart');
    // Back to Victoria, through the person picker (/), typed.
    await goToVictoria(page);
    await frame.waitForSelector(`g.box.root[data-person-id="${victoria}"]`, { timeout: 20_000 });
    await page.waitForTimeout(500);
    const kinds: string[] = [];
    for (const [label, name] of THEMES) {
      await theme(label);
      // The theme picker took the focus: back into the chart, and only on when the chart's own
      // document has it (a focus() while the workbench still closes the picker can be lost).
      await focusChart(frame);
      await page.keyboard.press('p');
      await page.waitForTimeout(400);
      await shot(`pedigree-${name}`);
      await page.keyboard.press('d');
      await frame.waitForSelector('svg.chart.descendants');
      await page.waitForTimeout(400);
      await shot(`pedigree-descendants-${name}`);
      await page.keyboard.press('f');
      await frame.waitForSelector('svg.chart.fan');
      await page.waitForTimeout(400);
      await shot(`pedigree-fan-${name}`);
      kinds.push(name);
    }
    const cells = await frame.locator('svg.chart.fan g.box').count();
    return `pedigree, descendants and fan in ${kinds.join(', ')}; fan of ${cells} cells`;
  });

  await step(
    'pedigree: Export PDF from the keyboard saves a PDF that parses and names the chart’s persons',
    async () => {
      if (!frame) throw new Error('no chart');
      await focusChart(frame);
      await page.keyboard.press('p');
      await frame.waitForSelector('svg.chart.pedigree, svg.chart:not(.fan):not(.descendants)');
      await page.waitForTimeout(400);
      const names = (await frame.locator('svg.chart g.box text.name').allTextContents())
        .map((n) => n.replace(/…$/, '').trim())
        .filter((n) => n.length > 3);
      if (names.length < 3) throw new Error(`the chart names ${names.length} persons`);
      // The toolbar comes before the chart: Shift+Tab walks back from the focused box to Export PDF.
      await focusChart(frame);
      let on = '';
      for (let i = 0; i < 8 && on !== 'Export PDF'; i++) {
        await page.keyboard.press('Shift+Tab');
        on = await frame.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      }
      if (on !== 'Export PDF') throw new Error(`Shift+Tab never reached Export PDF (last: ${on})`);
      await page.keyboard.press('Enter');
      // code-server's Save dialog is a quick input holding a path: type ours over it.
      const out = join(ctx.workspace, 'victoria-pedigree.pdf');
      const input = page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible', timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.keyboard.press('Control+A');
      await page.keyboard.type(out, { delay: 10 });
      await page.waitForTimeout(500);
      await page.keyboard.press('Enter');
      const until = Date.now() + 60_000;
      while (!existsSync(out) && Date.now() < until) await page.waitForTimeout(300);
      if (!existsSync(out)) throw new Error(`no PDF at ${out}`);
      await page.locator('.notifications-toasts', { hasText: 'chart saved to' }).first().waitFor({ timeout: 30_000 });
      await shot('pedigree-export-pdf-saved');
      // Kept beside the screenshots, to be looked at (pdftoppm renders it to a PNG).
      copyFileSync(out, join(ctx.screenshots, 'pedigree-export.pdf'));
      const bytes = new Uint8Array(readFileSync(out));
      const pdf = await PDFDocument.load(bytes);
      const [text] = (await pdfTextPages(bytes)).pages;
      const flat = text.replace(/\s+/g, ' ');
      const missing = names.filter((n) => !flat.includes(n));
      if (missing.length) throw new Error(`the PDF's text lacks ${missing.join('; ')}`);
      return `${pdf.getPageCount()} page, ${bytes.length} bytes, "${pdf.getTitle()}", all ${names.length} names drawn`;
    },
  );

  await step('pedigree: the focused person and chart kind survive a window reload', async () => {
    if (!frame) throw new Error('no chart');
    await focusChart(frame);
    await page.keyboard.press('p');
    await page.keyboard.press('ArrowRight');
    const before = await focused(frame);
    // The chart's root before the reload (Space re-centred it on the earlier step's person).
    const rootBefore = await rootOf(page, 'g.box.root');
    await page.waitForTimeout(600);
    await palette(page, 'Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 90_000 });
    await webviewFrame(page, `g.box.focused[data-person-id="${before.id}"]`, 90_000);
    // The revived panel may be drawn twice (restored state, then the extension's answer): a frame
    // found once can be replaced before it is read, so the root is read from whichever frame shows it.
    const root = await rootOf(page, `g.box.focused[data-person-id="${before.id}"]`);
    if (root !== rootBefore) throw new Error(`revived on ${root}, not on ${rootBefore}`);
    await shot('pedigree-restored-after-reload');
    return `revived on ${rootBefore} with ${before.label?.split(',')[0]} focused`;
  });

  await step(
    'pedigree: an ancestor’s other marriage is one Enter away: her page lists each spouse with that marriage’s children (light, dark, high contrast)',
    async () => {
      let chart = await webviewFrame(page, 'body[data-panel="pedigree"] g.box.root', 60_000);
      // Back to Victoria's pedigree: / finds her, P the pedigree, Home the root, → her father, ↓ her mother.
      await focusChart(chart);
      await goToVictoria(page);
      chart = await webviewFrame(page, `body[data-panel="pedigree"] g.box.root[data-person-id="${victoria}"]`, 30_000);
      await focusChart(chart);
      await page.keyboard.press('p');
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      let now = await focused(chart);
      for (let i = 0; i < 6 && !/^Victoria Mary Louisa/.test(now.label ?? ''); i++) {
        await page.keyboard.press('ArrowDown');
        now = await focused(chart);
      }
      if (!/^Victoria Mary Louisa/.test(now.label ?? '')) throw new Error(`never reached her mother: ${now.label}`);
      if (!/also married to Emich Karl/.test(now.label ?? '')) throw new Error(`her box says: ${now.label}`);
      await page.keyboard.press('Enter');
      const person = await webviewFrame(page, 'body[data-panel="person"] h1#person-name', 30_000);
      await person.locator('h1#person-name', { hasText: 'Victoria Mary Louisa' }).waitFor({ timeout: 20_000 });
      // Her marriages: Edward Augustus with Victoria under him; Emich Karl, the other spouse.
      const withEdward = await person.locator('.marriage', { hasText: 'Edward Augustus' }).first().innerText();
      if (!/Victoria Hanover/.test(withEdward)) throw new Error(`the marriage with Edward lists: ${withEdward}`);
      // Tab (keyboard only) to the other spouse's link.
      let on = { label: '', group: '' };
      for (let i = 0; i < 60 && !/^spouse: Emich Karl/.test(on.label); i++) {
        await page.keyboard.press('Tab');
        on = await person.evaluate(() => {
          const a = document.activeElement;
          return {
            label: a?.getAttribute('aria-label') ?? '',
            group: a?.closest('.marriage')?.querySelector('h3')?.textContent ?? '',
          };
        });
      }
      if (!/^spouse: Emich Karl/.test(on.label)) throw new Error(`Tab never reached Emich Karl: last ${on.label}`);
      for (const [label, name] of THEMES) {
        await theme(label);
        await shot(`person-marriages-${name}`);
      }
      const again = await webviewFrame(page, 'body[data-panel="person"] .marriage', 30_000);
      const still = await again.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
      if (!/^spouse: Emich Karl/.test(still)) throw new Error(`after the theme changes the focus is on "${still}"`);
      await page.keyboard.press('Enter');
      await again.locator('h1#person-name', { hasText: 'Emich Karl' }).waitFor({ timeout: 20_000 });
      return `her box: "…also married to Emich Karl…"; Enter → her page, "${on.group}"; Enter → Emich Karl's page`;
    },
  );

  await page.close();
  return results;
}

/** The chart root's person id, read from a webview showing `selector`, again if its frame is replaced meanwhile. */
async function rootOf(page: Page, selector: string, timeout = 30_000): Promise<string | null> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      const frame = await webviewFrame(page, selector, Math.max(1_000, until - Date.now()));
      return await frame.locator('g.box.root').first().getAttribute('data-person-id', { timeout: 5_000 });
    } catch (e) {
      if (Date.now() > until || !/detached|Target closed|Timeout/i.test(String(e))) throw e;
    }
  }
}
