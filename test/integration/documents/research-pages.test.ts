import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { initCase } from '../../../src/case';
import type { Person } from '../../../src/model';
import { renderPdf } from '../../documents/pages';
import { cli } from '../../helpers/cli-in-process';
import { tempDir } from '../../helpers/paths';

function people(root: string): Person[] {
  return readdirSync(join(root, 'people'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => parseYaml(/^---\n([\s\S]*?)\n---/.exec(readFileSync(join(root, 'people', f), 'utf8'))![1]) as Person);
}

describe('documents: research reads a PDF page by page and cites the page', function () {
  this.timeout(180_000);

  it('a death on page 2 is the person page 2 names, cited p. 2, not page 1’s first name', async () => {
    const root = join(tempDir(), 'case');
    await initCase(root, { question: 'When did Thomas Owens die?', subject: { name: 'Thomas Owens' } });
    writeFileSync(
      join(root, 'archive/parish.pdf'),
      await renderPdf([
        {
          name: 'cover',
          lines: [
            'Parish of Lowell, register of burials',
            'Entries for 1870 follow',
            'Kept by the Rev. John Smith, curate',
          ],
        },
        {
          name: 'entry',
          lines: ['Thomas Owens was born August 17, 1804, in', 'Wales. He died March 3, 1871, in Lowell.'],
        },
      ]),
    );
    const r = await cli(['research', root, '--offline', '--max-cycles', '2', '--json']);
    assert.equal(r.code, 0, r.err);
    const all = people(root);
    const owens = all.find((p) => p.names.some((n) => n.surname === 'Owens'));
    const death = (owens?.assertions ?? []).find((a) => a.field === 'death.date');
    assert.equal(death?.value, '3 MAR 1871');
    assert.deepEqual(
      death?.evidence.map((e) => e.page),
      ['p. 2'],
    );
    assert.ok(
      owens?.assertions.filter((a) => a.field.startsWith('birth.')).every((a) => a.evidence[0].page === 'p. 2'),
    );
    const smith = all.find((p) => p.names.some((n) => n.surname === 'Smith'));
    assert.ok(
      !(smith?.assertions ?? []).some((a) => a.field.startsWith('death.')),
      'page 1’s curate did not die on page 2',
    );
  });
});
