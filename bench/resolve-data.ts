/**
 * Loaders for the record-linkage benchmarks in ../shared/data/linkage (PROVENANCE.md there): each
 * record becomes a real Person (through the zod schema) so the bench measures the same path the
 * engine uses, and carries its ground-truth entity key.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Person } from '../src/model';

export interface Labelled {
  persons: Person[];
  /** person id → true entity */
  entity: Map<string, string>;
}

/** RFC 4180 CSV (quoted fields, doubled quotes), first row = header. */
export function readCsv(file: string): Record<string, string>[] {
  const text = readFileSync(file, 'utf8');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  const header = rows[0].map((h) => h.trim());
  return rows
    .slice(1)
    .filter((r) => r.length > 1)
    .map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])));
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** y/m/d strings to a GEDCOM date, degrading to the year when month or day is impossible. */
export function gedDate(y: string, m: string, d: string): string | undefined {
  const year = Number(y);
  if (!/^\d{3,4}$/.test(y) || year < 100) return undefined;
  const month = Number(m);
  const day = Number(d);
  if (!(month >= 1 && month <= 12)) return String(year);
  if (!(day >= 1 && day <= 31)) return `${MONTHS[month - 1]} ${year}`;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

let seq = 0;
function fact(field: string, value: string | undefined) {
  return value && value.trim()
    ? [{ id: `A-${++seq}`, field, value: value.trim(), status: 'accepted', confidence: 0.8 }]
    : [];
}
function clean(v: string | undefined): string {
  return !v || v === 'NA' ? '' : v;
}
function safeId(s: string): string {
  return s.replace(/[^A-Za-z0-9_.-]/g, '-');
}

/** FEBRL datasets 1–3 (dedup) or 4a+4b (linkage, pooled): truth in rec-<N>-org / rec-<N>-dup-<k>. */
export function loadFebrl(root: string, files: string[]): Labelled {
  const persons: Person[] = [];
  const entity = new Map<string, string>();
  for (const file of files) {
    for (const r of readCsv(join(root, 'linkage/febrl', file))) {
      const id = safeId(`${file.replace('.csv', '')}-${r.rec_id}`);
      const dob = r.date_of_birth;
      const address = [`${r.street_number} ${r.address_1}`.trim(), r.address_2, r.suburb, r.postcode, r.state]
        .map((x) => x.trim())
        .filter(Boolean)
        .join(', ');
      persons.push(
        Person.parse({
          id,
          names: [{ given: r.given_name, surname: r.surname }],
          assertions: [
            ...fact(
              'birth.date',
              dob && dob.length === 8 ? gedDate(dob.slice(0, 4), dob.slice(4, 6), dob.slice(6, 8)) : undefined,
            ),
            ...fact('residence.place', address),
          ],
          externalIds: r.soc_sec_id ? { ssn: r.soc_sec_id } : {},
        }),
      );
      entity.set(id, /^rec-(\d+)-/.exec(r.rec_id)?.[1] ?? id);
    }
  }
  return { persons, entity };
}

/** RLdata10000 (German names, y/m/d; Febrl-generated), truth = ent_id. */
export function loadRldata(root: string, file = 'RLdata10000.csv'): Labelled {
  const persons: Person[] = [];
  const entity = new Map<string, string>();
  for (const r of readCsv(join(root, 'linkage/rldata', file))) {
    const id = `RL-${r.rec_id}`;
    persons.push(
      Person.parse({
        id,
        names: [
          {
            given: [clean(r.fname_c1), clean(r.fname_c2)].filter(Boolean).join(' '),
            surname: [clean(r.lname_c1), clean(r.lname_c2)].filter(Boolean).join(' '),
          },
        ],
        assertions: fact('birth.date', gedDate(r.by, r.bm, r.bd)),
      }),
    );
    entity.set(id, r.ent_id);
  }
  return { persons, entity };
}

/** Splink historical figures (Wikidata with synthetic errors), truth = cluster (QID). */
export function loadSplinkHistorical(root: string, limit = Infinity): Labelled {
  const persons: Person[] = [];
  const entity = new Map<string, string>();
  for (const r of readCsv(join(root, 'linkage/splink/historical_figures_with_errors_50k.csv'))) {
    if (persons.length >= limit) break;
    const id = safeId(`H-${r.unique_id}`);
    const [y, m, d] = (r.dob || '').split('-');
    const names =
      r.first_name || r.surname ? [{ given: r.first_name, surname: r.surname }] : [{ given: r.full_name, surname: '' }];
    persons.push(
      Person.parse({
        id,
        names,
        sex: r.gender === 'male' ? 'M' : r.gender === 'female' ? 'F' : 'U',
        assertions: [
          ...fact('birth.date', y ? gedDate(y, m, d) : undefined),
          ...fact('birth.place', r.birth_place),
          ...fact('residence.place', r.postcode_fake),
          ...fact('occupation.value', r.occupation),
        ],
      }),
    );
    entity.set(id, r.cluster);
  }
  return { persons, entity };
}
