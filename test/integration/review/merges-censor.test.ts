/**
 * merges.json through the Censor one proposal at a time (issue #15 item 4): a proposal that names
 * a living person has its recent exact dates removed; the other proposals of the same file keep
 * theirs (the whole file read as one text lost every recent date as soon as one living name was in it).
 */
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MergesFile, type MergeCluster } from '../../../src/model';
import { openCase } from '../../../src/case';
import { newCase, person } from './helpers';

const cluster = (id: string, members: [string, string], rationale: string): MergeCluster => ({
  id,
  canonicalId: members[0],
  memberIds: members,
  similarity: 0.5,
  features: {},
  rationale,
  whyNotMerge: '',
  recommendation: 'review',
  status: 'proposed',
  reversible: true,
  createdAt: '2026-11-22T00:00:00.000Z',
});

describe('merges.json: the Censor reads each proposal on its own', function () {
  this.timeout(60_000);

  it('redacts the recent dates of a proposal about a living person and keeps those of the others', async () => {
    const { root, store } = await newCase();
    await store.writePerson(person('P-l1', 'Lukas', 'Brandt', { 'birth.date': '12 MAR 1992' }));
    await store.writePerson(person('P-l2', 'Lukas', 'Brandt', { 'birth.date': '1992' }));
    await store.writePerson(
      person('P-h1', 'Hedwig', 'Brandt', { 'birth.date': '4 MAY 1930', 'death.date': '9 JUN 1995' }, [], 'F'),
    );
    await store.writePerson(
      person('P-h2', 'Hedwig', 'Brandt', { 'birth.date': '4 MAY 1930', 'death.date': '1995' }, [], 'F'),
    );
    await store.writeMerges(
      MergesFile.parse({
        clusters: [
          cluster('M-living0001', ['P-l1', 'P-l2'], 'Lukas Brandt, born 12 MAR 1992 on both sides'),
          cluster('M-dead000001', ['P-h1', 'P-h2'], 'Hedwig Brandt, born 4 MAY 1930 on both sides, died 9 JUN 1995'),
        ],
      }),
    );
    const text = readFileSync(join(root, 'merges.json'), 'utf8');
    const line = (id: string) => text.split('\n').find((l) => l.includes(id)) ?? '';
    assert.ok(!line('M-living0001').includes('12 MAR 1992'), line('M-living0001'));
    assert.match(line('M-dead000001'), /4 MAY 1930.*9 JUN 1995/);
    // One proposal a line, and the file reads back whole.
    const back = (await openCase(root)).merges();
    assert.deepEqual(
      back.clusters.map((c) => c.id),
      ['M-living0001', 'M-dead000001'],
    );
    assert.match(back.clusters[1].rationale, /4 MAY 1930/);
  });
});
