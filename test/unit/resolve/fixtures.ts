import { Person, type EvidenceClaim } from '../../../src/model';

let n = 0;
/** A person built through the real schema (defaults applied, invariants checked). */
export function person(p: {
  id: string;
  given: string;
  surname: string;
  sex?: 'M' | 'F' | 'U';
  birth?: string;
  birthPlace?: string;
  death?: string;
  deathPlace?: string;
  married?: string;
  parents?: string[];
  spouses?: string[];
  children?: string[];
  externalIds?: Record<string, string>;
  suffix?: string;
}): Person {
  const assertions: unknown[] = [];
  const fact = (field: string, value?: string) =>
    value && assertions.push({ id: `A-${++n}`, field, value, status: 'accepted', confidence: 0.9 });
  fact('birth.date', p.birth);
  fact('birth.place', p.birthPlace);
  fact('death.date', p.death);
  fact('death.place', p.deathPlace);
  const names: unknown[] = [{ given: p.given, surname: p.surname, type: 'birth', suffix: p.suffix }];
  if (p.married) names.push({ given: p.given, surname: p.married, type: 'married' });
  return Person.parse({
    id: p.id,
    names,
    sex: p.sex ?? 'U',
    assertions,
    relationships: [
      ...(p.parents ?? []).map((id) => ({ type: 'parent', person: id })),
      ...(p.spouses ?? []).map((id) => ({ type: 'spouse', person: id })),
      ...(p.children ?? []).map((id) => ({ type: 'child', person: id })),
    ],
    externalIds: p.externalIds ?? {},
  });
}

export function claim(over: Partial<EvidenceClaim> & { source: string }): EvidenceClaim {
  return {
    snippet: 'verbatim',
    tier: 0,
    evidenceType: 'Primary',
    sourceClass: 'original',
    information: 'primary',
    evidence: 'direct',
    confidence: 1,
    method: 'structured',
    ...over,
  };
}
