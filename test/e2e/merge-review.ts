/**
 * Level 3, issue #19 item 3: merge review in its editor panel, by keyboard only, on a case imported
 * from a small GEDCOM with three likely duplicates (two Maria Schmidts, two John Smiths born 12 MAR
 * 1850 with their families and a cited source, and Peter Braun / Peter Brown for review). "Ancestry:
 * Find Duplicates" from the palette runs the search and opens the panel with the list focused; the
 * arrow keys (and J/K) move in the list; A accepts (the list moves on), U undoes, A decides the
 * undone proposal again, R asks for a reason and rejects; merges.json agrees at each step.
 * Screenshots of the panel in the light, dark and high-contrast themes, on the open John Smith
 * proposal (test-results/e2e/merge-review-*.png).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame } from 'playwright-core';
import { stepRunner, type FlowContext, type StepResult } from './flow';
import { THEMES, THEMES_ENDING_HC, chooseTheme, palette, until, webviewFrame } from './workbench';

/** Three likely duplicates, a family around each John and a cited source for the first one's birth. */
export const DUPLICATES_GED = `0 HEAD
1 SOUR TEST
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @S1@ SOUR
1 TITL Springfield, Illinois, baptisms 1840-1860
0 @I1@ INDI
1 NAME John /Smith/
1 SEX M
1 BIRT
2 DATE 12 MAR 1850
2 PLAC Springfield, Illinois
2 SOUR @S1@
3 PAGE entry 112
1 DEAT
2 DATE 1901
1 FAMC @F1@
0 @I2@ INDI
1 NAME John /Smith/
1 SEX M
1 BIRT
2 DATE 12 MAR 1850
2 PLAC Springfield, Sangamon, Illinois, USA
1 DEAT
2 DATE 3 FEB 1902
1 FAMS @F2@
0 @I3@ INDI
1 NAME George /Smith/
1 SEX M
1 BIRT
2 DATE 1820
1 DEAT
2 DATE 1888
1 FAMS @F1@
0 @I4@ INDI
1 NAME Mary /Jones/
1 SEX F
1 BIRT
2 DATE 1825
1 FAMS @F1@
0 @I5@ INDI
1 NAME Anna /Weber/
1 SEX F
1 BIRT
2 DATE 1855
1 FAMS @F2@
0 @I6@ INDI
1 NAME Karl /Smith/
1 SEX M
1 BIRT
2 DATE 1880
1 FAMC @F2@
0 @I7@ INDI
1 NAME Maria /Schmidt/
1 SEX F
1 BIRT
2 DATE 1 MAY 1830
2 PLAC Bavaria, Germany
0 @I8@ INDI
1 NAME Maria /Schmidt/
1 SEX F
1 BIRT
2 DATE 1 MAY 1830
2 PLAC Bavaria
1 DEAT
2 DATE 1890
0 @I9@ INDI
1 NAME Peter /Braun/
1 SEX M
1 BIRT
2 DATE ABT 1860
2 PLAC Ohio
0 @I10@ INDI
1 NAME Peter /Brown/
1 SEX M
1 BIRT
2 DATE 1861
2 PLAC Ohio, USA
1 DEAT
2 DATE 1920
0 @F1@ FAM
1 HUSB @I3@
1 WIFE @I4@
1 CHIL @I1@
0 @F2@ FAM
1 HUSB @I2@
1 WIFE @I5@
1 CHIL @I6@
1 MARR
2 DATE 1878
0 TRLR
`;

/** Three exact duplicates (score 1, MERGE) and one pair for review (Braun/Brown): a batch to accept. */
export const BATCH_GED = `0 HEAD
1 SOUR TEST
1 GEDC
2 VERS 5.5.1
2 FORM LINEAGE-LINKED
1 CHAR UTF-8
0 @I1@ INDI
1 NAME Anna /Keller/
1 SEX F
1 BIRT
2 DATE 3 JUN 1842
2 PLAC Zurich, Switzerland
1 DEAT
2 DATE 14 OCT 1900
2 PLAC Zurich, Switzerland
0 @I2@ INDI
1 NAME Anna /Keller/
1 SEX F
1 BIRT
2 DATE 3 JUN 1842
2 PLAC Zurich, Switzerland
1 DEAT
2 DATE 14 OCT 1900
2 PLAC Zurich, Switzerland
0 @I3@ INDI
1 NAME Heinrich /Vogel/
1 SEX M
1 BIRT
2 DATE 9 SEP 1838
2 PLAC Bern, Switzerland
1 DEAT
2 DATE 2 FEB 1899
2 PLAC Bern, Switzerland
0 @I4@ INDI
1 NAME Heinrich /Vogel/
1 SEX M
1 BIRT
2 DATE 9 SEP 1838
2 PLAC Bern, Switzerland
1 DEAT
2 DATE 2 FEB 1899
2 PLAC Bern, Switzerland
0 @I5@ INDI
1 NAME Rosa /Frei/
1 SEX F
1 BIRT
2 DATE 21 APR 1850
2 PLAC Basel, Switzerland
1 DEAT
2 DATE 1911
2 PLAC Basel, Switzerland
0 @I6@ INDI
1 NAME Rosa /Frei/
1 SEX F
1 BIRT
2 DATE 21 APR 1850
2 PLAC Basel, Switzerland
1 DEAT
2 DATE 1911
2 PLAC Basel, Switzerland
0 @I7@ INDI
1 NAME Peter /Braun/
1 SEX M
1 BIRT
2 DATE ABT 1860
2 PLAC Ohio
0 @I8@ INDI
1 NAME Peter /Brown/
1 SEX M
1 BIRT
2 DATE 1861
2 PLAC Ohio, USA
0 TRLR
`;

export function writeBatchGedcom(dir: string): string {
  const file = join(dir, 'batch.ged');
  writeFileSync(file, BATCH_GED);
  return file;
}

export function writeDuplicatesGedcom(dir: string): string {
  const file = join(dir, 'duplicates.ged');
  writeFileSync(file, DUPLICATES_GED);
  return file;
}

/** The list item that has the keyboard focus, and the one selected. */
function listState(frame: Frame) {
  return frame.evaluate(() => {
    const a = document.activeElement;
    const sel = document.querySelector('.queue a[aria-selected="true"]');
    return {
      focused: a?.closest('.queue a')?.getAttribute('data-cluster-id') ?? null,
      focusedTag: a ? `${a.tagName}.${a.className}` : null,
      selected: sel?.getAttribute('data-cluster-id') ?? null,
      ids: [...document.querySelectorAll('.queue a.item')].map((x) => x.getAttribute('data-cluster-id')),
      hasFocus: document.hasFocus(),
    };
  });
}

function statusIn(workspace: string, id: string): string | undefined {
  const m = JSON.parse(readFileSync(join(workspace, 'merges.json'), 'utf8')) as {
    clusters: { id: string; status: string }[];
  };
  return m.clusters.find((c) => c.id === id)?.status;
}

export async function runMergeReviewFlow(ctx: FlowContext): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
  const { shot, step } = stepRunner(ctx, page, results, 'merge-review-');
  let frame: Frame | undefined;
  const f = () => {
    if (!frame) throw new Error('the merge review panel did not open');
    return frame;
  };

  let maria = '';
  let john = '';
  let peter = '';
  await step('merge review: Find Duplicates from the palette opens the panel with the list focused', async () => {
    await page.goto(`${ctx.baseUrl}/?folder=${encodeURIComponent(ctx.workspace)}`, { timeout: 120_000 });
    await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
    await palette(page, 'Ancestry: Find Duplicates');
    frame = await webviewFrame(page, 'body[data-panel="merge-review"] .queue a.item', 90_000);
    const s0 = await listState(frame);
    if (s0.ids.length !== 3) throw new Error(`the queue lists ${s0.ids.length} proposals, not 3`);
    [maria, john, peter] = s0.ids as string[];
    const names = await frame.locator('.queue a.item .names').allInnerTexts();
    if (!/Maria/.test(names[0]) || !/John/.test(names[1]) || !/Peter/.test(names[2]))
      throw new Error(`the queue's order: ${names.join(' | ')}`);
    // The panel takes the focus with the command; the list's selected item has it.
    await until('the selected item to have the focus', async () => (await listState(f())).focused === maria, 15_000);
    const keys = await frame.locator('[data-role="shortcuts"]').innerText();
    if (!/A\s+accept/.test(keys) || !/K\s+previous/.test(keys)) throw new Error(`shortcuts line: "${keys}"`);
    await shot('merge-review-opened');
    return `${s0.ids.length} proposals; focus on ${maria}`;
  });

  await step('merge review: arrow keys and J/K move in the list and the comparison follows', async () => {
    await page.keyboard.press('ArrowDown');
    await until('John to be selected', async () => (await listState(f())).selected === john);
    const s1 = await listState(f());
    if (s1.focused !== john) throw new Error(`focus is on ${s1.focusedTag}, not the selected item`);
    const shown = await f().locator('.detail').getAttribute('data-cluster-id');
    if (shown !== john) throw new Error(`the comparison shows ${shown}`);
    // John's comparison: a reader's labels, his parents, wife and son with years, the cited source.
    const text = await f().locator('.detail').innerText();
    for (const want of ['Born', 'Died', 'George Smith (1820–1888)', 'Anna Weber', 'Karl Smith', 'baptisms 1840-1860'])
      if (!text.includes(want)) throw new Error(`John's comparison does not show "${want}"`);
    if (/birth\.date|death\.date/.test(text)) throw new Error('the comparison shows raw field keys');
    await page.keyboard.press('ArrowUp');
    await until('Maria to be selected again', async () => (await listState(f())).selected === maria);
    await page.keyboard.press('j');
    await until('J to select the next item', async () => (await listState(f())).selected === john);
    await page.keyboard.press('k');
    await until('K to select the previous item', async () => (await listState(f())).selected === maria);
    return '↓ ↑ J K moved between the first two; John’s relatives and source shown';
  });

  await step('merge review: A accepts the shown proposal and the list moves on to the next open one', async () => {
    await page.keyboard.press('a');
    await until('merges.json to say accepted', () => statusIn(ctx.workspace, maria) === 'accepted', 60_000);
    await until('the list to move on', async () => (await listState(f())).selected === john);
    const s = await listState(f());
    if (s.focused !== john) throw new Error(`after the accept the focus is on ${s.focusedTag}`);
    await shot('merge-review-accepted');
    return `${maria} accepted; ${john} shown, focused`;
  });

  await step('merge review: U undoes the accept, and A decides the undone proposal again', async () => {
    await page.keyboard.press('u');
    await until('merges.json to say undone', () => statusIn(ctx.workspace, maria) === 'undone', 60_000);
    await until(
      'the undone proposal to be shown',
      async () => (await f().locator('.detail').getAttribute('data-status')) === 'undone',
    );
    const s = await listState(f());
    if (s.selected !== maria) throw new Error(`after undo ${s.selected} is selected, not ${maria}`);
    if (!s.focused) throw new Error(`after undo the focus is on ${s.focusedTag}`);
    await f().locator('.detail [data-action="accept"]', { hasText: 'Accept again' }).waitFor();
    await shot('merge-review-undone');
    await page.keyboard.press('a');
    await until('merges.json to say accepted again', () => statusIn(ctx.workspace, maria) === 'accepted', 60_000);
    await until('the list to move on again', async () => (await listState(f())).selected === john);
    return `${maria}: accepted, undone, accepted again (merges.json agrees)`;
  });

  await step('merge review: R asks for a reason; Escape cancels, the typed reason rejects', async () => {
    await page.keyboard.press('n');
    await until('Peter to be selected', async () => (await listState(f())).selected === peter);
    await page.keyboard.press('r');
    const input = f().locator('[data-role="reject-reason"]');
    await input.waitFor();
    const focused = await f().evaluate(() => document.activeElement?.getAttribute('data-role'));
    if (focused !== 'reject-reason') throw new Error(`R did not focus the reason (focus on ${focused})`);
    await shot('merge-review-reject-reason');
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'detached' });
    if ((await listState(f())).focused !== peter) throw new Error('Escape did not give the focus back to the list');
    await page.keyboard.press('r');
    await input.waitFor();
    await page.keyboard.press('Enter');
    await f().locator('[data-role="notice"]', { hasText: 'A reason is required' }).waitFor();
    await page.keyboard.type('Braun and Brown are two families in Ohio', { delay: 10 });
    await page.keyboard.press('Enter');
    await until('merges.json to say rejected', () => statusIn(ctx.workspace, peter) === 'rejected', 60_000);
    await until('the list to move on to John', async () => (await listState(f())).selected === john);
    return `${peter} rejected with a typed reason; ${john} shown`;
  });

  await step('merge review: screenshots in the light, dark and high-contrast themes', async () => {
    for (const [label, name] of THEMES_ENDING_HC) {
      await chooseTheme(page, label);
      await shot(`merge-review-${name}`);
    }
    // The focus is back on the list after the theme picker: the keyboard still moves it.
    await page.keyboard.press('Home');
    await until('Home to select and focus the first item', async () => {
      const s = await listState(f());
      return s.selected === s.ids[0] && s.focused === s.ids[0];
    });
  });

  await step('merge review: Tab reaches a Keep button, Space chooses that value, A merges keeping it', async () => {
    await until('John to be shown', async () => (await listState(f())).selected === john);
    const keepOf = () =>
      f().evaluate(() => {
        const a = document.activeElement;
        return { keep: a?.getAttribute('data-keep') ?? null, label: a?.getAttribute('aria-label') ?? null };
      });
    let k = await keepOf();
    for (let i = 0; i < 40 && !(k.keep === 'death.date' && /3 FEB 1902/.test(k.label ?? '')); i++) {
      await page.keyboard.press('Tab');
      k = await keepOf();
    }
    if (k.keep !== 'death.date') throw new Error('Tab never reached the Keep button of the second death date');
    await page.keyboard.press('Space');
    await until('the button to be pressed and still focused', () =>
      f().evaluate(
        () =>
          document.activeElement?.getAttribute('data-keep') === 'death.date' &&
          document.activeElement.getAttribute('aria-pressed') === 'true',
      ),
    );
    await shot('merge-review-keep-chosen');
    await page.keyboard.press('a');
    await until('merges.json to say John is accepted', () => statusIn(ctx.workspace, john) === 'accepted', 60_000);
    const m = JSON.parse(readFileSync(join(ctx.workspace, 'merges.json'), 'utf8')) as {
      clusters: { id: string; canonicalId: string }[];
    };
    const canonical = m.clusters.find((c) => c.id === john)!.canonicalId;
    const file = readdirSync(join(ctx.workspace, 'people')).find((x) => x.startsWith(`${canonical}-`));
    const text = file ? readFileSync(join(ctx.workspace, 'people', file), 'utf8') : '';
    if (!/not kept when merging/.test(text) || !/value: 3 FEB 1902/.test(text))
      throw new Error(`${file ?? canonical} does not show the chosen death date kept and the other not kept`);
    return `John merged into ${canonical} keeping 3 FEB 1902; 1901 kept in the file as not kept`;
  });

  await step('merge review: / filters by name as you type, the caret stays in the field across redraws', async () => {
    await page.keyboard.press('/');
    await until('the filter field to have the focus', () =>
      f().evaluate(() => document.activeElement?.getAttribute('data-role') === 'text'),
    );
    await page.keyboard.type('bra', { delay: 60 });
    await until('the list to narrow to Peter Braun', async () => {
      const s = await listState(f());
      return s.ids.length === 1 && s.ids[0] === peter;
    });
    await page.keyboard.type('un', { delay: 60 });
    await page.waitForTimeout(800);
    const field = await f().evaluate(() => {
      const a = document.activeElement as HTMLInputElement | null;
      return { role: a?.getAttribute('data-role'), value: a?.value, caret: a?.selectionStart };
    });
    if (field.role !== 'text' || field.value !== 'braun' || field.caret !== 5)
      throw new Error(`after the redraws the focus is on ${field.role} with "${field.value}" (caret ${field.caret})`);
    await shot('merge-review-filtered');
    return 'typed "braun": one proposal listed, the field kept the focus and the caret';
  });

  await page.close();
  return results;
}

function clusters(workspace: string): { id: string; status: string; batch?: string; recommendation: string }[] {
  return (
    JSON.parse(readFileSync(join(workspace, 'merges.json'), 'utf8')) as {
      clusters: { id: string; status: string; batch?: string; recommendation: string }[];
    }
  ).clusters;
}

/**
 * Issue #19 item 3, the batch accept, keyboard only, on its own case (three exact duplicates and
 * one pair for review): the score field refuses a value out of range and says why; Accept batch
 * asks first (Escape cancels, nothing written); Enter in the question accepts the three as one
 * batch; Undo batch takes all three back. Screenshots in light, dark and high contrast.
 */
export async function runBatchAcceptFlow(ctx: FlowContext): Promise<StepResult[]> {
  const results: StepResult[] = [];
  const page = await ctx.browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.setDefaultTimeout(20_000);
  const { shot, step } = stepRunner(ctx, page, results, 'merge-batch-');
  let frame: Frame | undefined;
  const f = () => {
    if (!frame) throw new Error('the merge review panel did not open');
    return frame;
  };
  const focusKey = () => f().evaluate(() => document.activeElement?.getAttribute('data-focus') ?? '');
  /** Tab (or Shift+Tab) until the control with `key` has the focus (past the page's end, Tab leaves the webview). */
  const tabTo = async (key: string, dir: 'Tab' | 'Shift+Tab' = 'Tab') => {
    const seen: string[] = [];
    for (let i = 0; i <= 30; i++) {
      const k = await focusKey();
      if (k === key) return;
      seen.push(k || '?');
      await page.keyboard.press(dir);
    }
    throw new Error(`${dir} never reached ${key}: ${seen.join(' → ')}`);
  };
  // Ctrl+A belongs to the workbench: Delete and Backspace clear the field wherever its caret is.
  const clearField = async () => {
    for (let i = 0; i < 8; i++) await page.keyboard.press('Delete');
    for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace');
  };
  const dialog = page.locator('.monaco-dialog-box');

  await step(
    'merge batch: the score field refuses 2 and says why; Accept batch then waits for a usable score',
    async () => {
      await page.goto(`${ctx.baseUrl}/?folder=${encodeURIComponent(ctx.workspace)}`, { timeout: 120_000 });
      await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: 60_000 });
      await palette(page, 'Ancestry: Find Duplicates');
      frame = await webviewFrame(page, 'body[data-panel="merge-review"] .queue a.item', 90_000);
      await until('four proposals', async () => (await f().locator('.queue a.item').count()) === 4);
      await until('the list to have the focus', async () => (await focusKey()).startsWith('item:'), 15_000);
      await tabTo('batch-score', 'Shift+Tab');
      await clearField();
      await page.keyboard.type('2');
      const error = f().locator('.number-field .field-error');
      await error.filter({ hasText: 'Batch-accept score: 2 is out of range' }).waitFor({ timeout: 10_000 });
      const labelled = await f().evaluate(() => {
        const input = document.querySelector('[data-focus="batch-score"]') as HTMLInputElement;
        return {
          invalid: input.getAttribute('aria-invalid'),
          label: input.labels?.[0]?.textContent ?? '',
          described: document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
        };
      });
      if (
        labelled.invalid !== 'true' ||
        !/scoring at least/.test(labelled.label) ||
        !/out of range/.test(labelled.described)
      )
        throw new Error(`the field: ${JSON.stringify(labelled)}`);
      await tabTo('action:accept-batch');
      await page.keyboard.press('Enter');
      await until('the focus to go back to the score', async () => (await focusKey()) === 'batch-score', 10_000);
      if (await dialog.isVisible()) throw new Error('a refused score still asked to accept a batch');
      await shot('merge-batch-refused-score');
      await clearField();
      await page.keyboard.type('0.95');
      await until('the error to clear', async () => (await error.textContent()) === '', 10_000);
      return `"2" refused: "${labelled.described}"; 0.95 taken`;
    },
  );

  let batch = '';
  await step(
    'merge batch: Accept batch asks first; Escape cancels and nothing is written; Enter accepts all three as one batch',
    async () => {
      await tabTo('action:accept-batch');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      const question = await dialog.innerText();
      if (!/Accept 3 merge proposals scoring at least 0.95/.test(question))
        throw new Error(`the question: ${question}`);
      await shot('merge-batch-confirm');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      await f().locator('[data-role="notice"]', { hasText: 'Batch accept cancelled' }).waitFor({ timeout: 30_000 });
      if (clusters(ctx.workspace).some((c) => c.status !== 'proposed'))
        throw new Error('a cancelled batch wrote merges.json');
      await tabTo('action:accept-batch');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      await page.keyboard.press('Enter');
      await until(
        'merges.json to hold three accepted in one batch',
        () => {
          const acc = clusters(ctx.workspace).filter((c) => c.status === 'accepted');
          return acc.length === 3 && new Set(acc.map((c) => c.batch)).size === 1 && Boolean(acc[0].batch);
        },
        60_000,
      );
      const all = clusters(ctx.workspace);
      batch = all.find((c) => c.status === 'accepted')!.batch!;
      const review = all.filter((c) => c.recommendation === 'review');
      if (review.some((c) => c.status !== 'proposed')) throw new Error('the batch took a proposal for review');
      await f().locator('[data-role="notice"]', { hasText: batch }).waitFor({ timeout: 30_000 });
      await shot('merge-batch-accepted');
      return `batch ${batch}: 3 accepted, Braun/Brown left for review; the cancelled try wrote nothing`;
    },
  );

  await step('merge batch: Undo batch takes all three back at once (then light, dark and high contrast)', async () => {
    const undoButton = f().locator('[data-focus="action:undo-last-batch"]');
    await undoButton.waitFor({ timeout: 10_000 }).catch(async () => {
      // Say what the panel and the file show instead (a flaky run then explains itself).
      const notices = await f().locator('[data-role="notice"]').allInnerTexts();
      const statuses = clusters(ctx.workspace).map((c) => `${c.id} ${c.status}${c.batch ? ` ${c.batch}` : ''}`);
      throw new Error(`no Undo batch button; notices: ${notices.join(' | ')}; merges.json: ${statuses.join(', ')}`);
    });
    await tabTo('action:undo-last-batch');
    await page.keyboard.press('Enter');
    await until(
      'merges.json to say the batch is undone',
      () => clusters(ctx.workspace).filter((c) => c.batch === batch && c.status === 'undone').length === 3,
      60_000,
    );
    await f().locator('[data-role="notice"]', { hasText: 'undone' }).first().waitFor({ timeout: 30_000 });
    // The themes come after the decisions: a theme change between them is no part of what is tested.
    for (const [label, name] of THEMES) {
      await chooseTheme(page, label);
      await shot(`merge-batch-undone-${name}`);
    }
    return `${batch}: 3 undone with one Enter`;
  });

  await page.close();
  return results;
}
