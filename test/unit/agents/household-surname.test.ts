import assert from 'node:assert/strict';
import { DeterministicExtractor } from '../../../src/agents/analyst/extract';
import { householdSurnames, withHouseholdSurnames } from '../../../src/agents/analyst/identity/household-surname';
import { sha256 } from '../../../src/engine/ids';
import type { SourceRecord } from '../../../src/model';

function record(persons: SourceRecord['persons'], relationships: SourceRecord['relationships'] = []): SourceRecord {
  const text = 'No. 211. Primus Freeman and Hagar Whitfield. Children of the parties: Susan 10, Peter 7.';
  return {
    title: 'Freedmen’s Bureau marriage register, 1866',
    recordType: 'marriage',
    date: '15 AUG 1866',
    place: 'Tarboro, Edgecombe, North Carolina, USA',
    repository: 'NARA M1909',
    sourceType: 'original',
    sourceId: 'archive',
    tier: 0,
    persons,
    relationships,
    text,
    id: `S-${sha256(text).slice(0, 12)}`,
    accessedAt: '2026-01-01T00:00:00.000Z',
    sha256: sha256(text),
  };
}

async function read(r: SourceRecord) {
  const x = await new DeterministicExtractor().extract(r);
  const inferred = householdSurnames(x.personas, x);
  return { inferred, names: withHouseholdSurnames(x.personas, inferred).map((gp) => gp.persona.name) };
}

describe('identity: a child written by its given name only takes its family’s surname (issue #14)', () => {
  it('the father’s surname, stated by the record’s relationships; the persona itself stays as written', async () => {
    const r = record(
      [
        { key: 'G', name: 'Primus /Freeman/', role: 'groom', sex: 'M' },
        { key: 'B', name: 'Hagar /Whitfield/', role: 'bride', sex: 'F' },
        { key: 'C1', name: 'Susan', role: 'child', sex: 'F' },
        { key: 'C2', name: 'Peter', role: 'child', sex: 'M' },
      ],
      [
        { from: 'G', to: 'B', type: 'spouse' },
        { from: 'G', to: 'C1', type: 'father' },
        { from: 'B', to: 'C1', type: 'mother' },
        { from: 'G', to: 'C2', type: 'father' },
        { from: 'B', to: 'C2', type: 'mother' },
      ],
    );
    const { inferred, names } = await read(r);
    assert.deepEqual(names.slice(2), ['Susan /Freeman/', 'Peter /Freeman/']);
    assert.match(inferred.get(2)!.why, /"Susan" is written without a surname.*Primus Freeman/);
    assert.equal(r.persons[2].name, 'Susan', 'the record is not rewritten');
  });

  it('an unmarried mother’s surname; a household head’s for a listed child; none without a family', async () => {
    const mother = await read(
      record(
        [
          { key: 'M', name: 'Dinah /Battle/', role: 'mother', sex: 'F' },
          { key: 'C', name: 'Ellen', role: 'child', sex: 'F' },
        ],
        [{ from: 'M', to: 'C', type: 'mother' }],
      ),
    );
    assert.equal(mother.names[1], 'Ellen /Battle/');
    const household = await read(
      record([
        { name: 'Juho Matinpoika /Koskela/', role: 'head', sex: 'M' },
        { name: 'Matti', role: 'child', sex: 'M' },
      ]),
    );
    assert.equal(household.names[1], 'Matti /Koskela/');
    const inventory = await read(
      record([
        { name: 'Primus', role: 'other', sex: 'M' },
        { name: 'Dinah', role: 'other', sex: 'F' },
      ]),
    );
    assert.deepEqual(inventory.names, ['Primus', 'Dinah'], 'an inventory’s people have no family surname here');
  });

  it('a wife or mother written by her given name alone is read under her husband’s surname, as a married name', async () => {
    const r = record(
      [
        { key: 'P1', name: 'Rhys /Price/', role: 'principal', sex: 'M' },
        { key: 'P2', name: 'John /Price/', role: 'father', sex: 'M' },
        { key: 'P3', name: 'Marged', role: 'mother', sex: 'F' },
        { key: 'G1', name: 'Stephanus /Hnatyszyn/', role: 'mentioned', sex: 'M' },
        { key: 'G2', name: 'Maria', role: 'mentioned', sex: 'F' },
        { key: 'D', name: 'Anna', role: 'mentioned', sex: 'F' },
      ],
      [
        { from: 'P2', to: 'P1', type: 'father' },
        { from: 'P3', to: 'P1', type: 'mother' },
        { from: 'G1', to: 'P2', type: 'father' },
        { from: 'G2', to: 'P2', type: 'mother' },
      ],
    );
    const { inferred, names } = await read(r);
    assert.deepEqual(names.slice(2, 6), ['Marged /Price/', 'Stephanus /Hnatyszyn/', 'Maria /Hnatyszyn/', 'Anna']);
    assert.equal(inferred.get(2)?.married, true);
    assert.match(inferred.get(4)?.why ?? '', /wife of Stephanus Hnatyszyn/);
    // A woman the record names no husband for stays as written.
    assert.equal(inferred.get(5), undefined);
  });
});
