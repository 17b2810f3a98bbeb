import assert from 'node:assert/strict';
import { exportOrder } from '../../../src/interchange/export-order';
import type { Person } from '../../../src/model';

function person(id: string, given: string, surname: string, source: string, extra: Partial<Person> = {}): Person {
  return {
    id,
    names: [{ given, surname, type: 'birth', citations: [source] }],
    sex: 'M',
    assertions: [],
    relationships: [],
    externalIds: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('export order', () => {
  it('orders research-made persons by what the files say, never by their random ids or discovery order', () => {
    const a = [
      person('P-ffff0001', 'Robert', 'Schmidt', 'S-bbb'),
      person('P-00000002', 'Robert', 'Schmidt', 'S-aaa'),
      person('P-77777777', 'Johann', 'Schmidt', 'S-ccc'),
      person('P-11111111', 'Anna', 'Miller', 'S-ddd'),
    ];
    // The same persons under other random ids, found in another order (a killed and resumed run).
    const b = [
      person('P-00000009', 'Anna', 'Miller', 'S-ddd'),
      person('P-aaaaaaaa', 'Robert', 'Schmidt', 'S-aaa'),
      person('P-00000001', 'Robert', 'Schmidt', 'S-bbb'),
      person('P-22222222', 'Johann', 'Schmidt', 'S-ccc'),
    ];
    const shape = (ps: Person[]) => ps.map((p) => `${p.names[0].given} ${p.names[0].citations![0]}`);
    const x = shape(exportOrder(a, 'P-77777777'));
    assert.deepEqual(x, ['Johann S-ccc', 'Anna S-ddd', 'Robert S-aaa', 'Robert S-bbb'], 'the subject first');
    assert.deepEqual(shape(exportOrder(b, 'P-22222222')), x);
  });

  it('keeps an imported tree in its own order, before the persons the research added', () => {
    const t1 = { ...person('P-9', 'Zed', 'Z', 'S-1'), gedcom: { xref: '@I1@' } } as Person;
    const t2 = { ...person('P-1', 'Abe', 'A', 'S-2'), gedcom: { xref: '@I2@' } } as Person;
    const r = person('P-5', 'Mia', 'M', 'S-3');
    assert.deepEqual(
      exportOrder([r, t1, t2], undefined).map((p) => p.id),
      ['P-9', 'P-1', 'P-5'],
    );
  });
});
