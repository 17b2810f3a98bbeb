/**
 * A synthetic GEDCOM 5.5.1 tree of N persons for the import benchmark (no public 100k-person file
 * exists under 20 MB, see ../shared/data/PROVENANCE.md). Deterministic: the same N gives the same
 * bytes. Shaped like real exports: couples with 0–5 children over generations, births, deaths,
 * burials, occupations, marriages, citations with PAGE/QUAY, notes with CONT, vendor _UID tags,
 * and ~1 source per 500 persons.
 */

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GIVEN_M = [
  'John',
  'William',
  'James',
  'George',
  'Thomas',
  'Henry',
  'Charles',
  'Johann',
  'Pierre',
  'Jan',
  'Olaf',
  'Giovanni',
];
const GIVEN_F = [
  'Mary',
  'Elizabeth',
  'Anna',
  'Sarah',
  'Margaret',
  'Catherine',
  'Maria',
  'Johanna',
  'Marie',
  'Ingrid',
  'Giulia',
  'Jane',
];
const SURNAMES = [
  'Smith',
  'Miller',
  'Schmidt',
  'Dubois',
  'Jansen',
  'Larsen',
  'Rossi',
  'Brown',
  'Taylor',
  'Müller',
  'Østergaard',
  'Nuñez',
  'Walker',
  'Wright',
  'Clarke',
];
const PLACES = [
  'Springfield, Sangamon, Illinois, USA',
  'Bremen, Germany',
  'Lyon, Rhône, France',
  'Leiden, Zuid-Holland, Netherlands',
  'Bergen, Norway',
  'Cork, Ireland',
  'Napoli, Italy',
  'York, Yorkshire, England',
];
const OCCUPATIONS = ['Farmer', 'Blacksmith', 'Weaver', 'Teacher', 'Merchant', 'Carpenter', 'Miner', 'Clerk'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export function generateGedcom(persons: number, seed = 42): string {
  const r = rng(seed);
  const pick = <T>(a: readonly T[]): T => a[Math.floor(r() * a.length)];
  const date = (y: number) => (r() < 0.15 ? `ABT ${y}` : `${1 + Math.floor(r() * 28)} ${pick(MONTHS)} ${y}`);
  const nSources = Math.max(5, Math.ceil(persons / 500));
  const out: string[] = [
    '0 HEAD',
    '1 SOUR BENCH',
    '2 VERS 1.0',
    '1 GEDC',
    '2 VERS 5.5.1',
    '2 FORM LINEAGE-LINKED',
    '1 CHAR UTF-8',
    '1 SUBM @U1@',
    '0 @U1@ SUBM',
    '1 NAME Bench',
  ];
  interface P {
    id: number;
    sex: 'M' | 'F';
    surname: string;
    born: number;
    famc?: number;
    fams: number[];
  }
  const people: P[] = [];
  const families: { id: number; husb: number; wife: number; children: number[]; year: number }[] = [];
  // Founders, then generations of couples until N persons exist.
  const queue: number[] = [];
  const add = (sex: 'M' | 'F', surname: string, year: number, famc?: number): P => {
    // Deep generations would be born in the future: fold them back into 1600–1950 (a real file
    // holds many lines of descent side by side, so about a quarter of these persons count as living).
    const born = year > 1950 ? 1600 + ((year - 1600) % 350) : year;
    const p: P = { id: people.length + 1, sex, surname, born, ...(famc ? { famc } : {}), fams: [] };
    people.push(p);
    return p;
  };
  while (people.length < persons) {
    const parentPool = queue.length ? queue.shift()! : add('M', pick(SURNAMES), 1600 + Math.floor(r() * 40)).id;
    const husband = people[parentPool - 1];
    if (people.length >= persons) break;
    const wife = add(husband.sex === 'M' ? 'F' : 'M', pick(SURNAMES), husband.born + Math.floor(r() * 6) - 3);
    const fam = {
      id: families.length + 1,
      husb: husband.sex === 'M' ? husband.id : wife.id,
      wife: husband.sex === 'M' ? wife.id : husband.id,
      children: [] as number[],
      year: husband.born + 20 + Math.floor(r() * 10),
    };
    families.push(fam);
    husband.fams.push(fam.id);
    wife.fams.push(fam.id);
    const kids = Math.floor(r() * 6);
    for (let k = 0; k < kids && people.length < persons; k++) {
      const c = add(r() < 0.5 ? 'M' : 'F', people[fam.husb - 1].surname, fam.year + 1 + k * 2, fam.id);
      fam.children.push(c.id);
      queue.push(c.id);
    }
  }
  for (const p of people) {
    out.push(`0 @I${p.id}@ INDI`, `1 NAME ${pick(p.sex === 'M' ? GIVEN_M : GIVEN_F)} /${p.surname}/`, `1 SEX ${p.sex}`);
    out.push('1 BIRT', `2 DATE ${date(p.born)}`, `2 PLAC ${pick(PLACES)}`);
    if (r() < 0.6)
      out.push(
        `2 SOUR @S${1 + Math.floor(r() * nSources)}@`,
        `3 PAGE p. ${1 + Math.floor(r() * 400)}`,
        `3 QUAY ${Math.floor(r() * 4)}`,
      );
    if (p.born < 1900) {
      const died = p.born + 20 + Math.floor(r() * 60);
      out.push('1 DEAT', `2 DATE ${date(died)}`, `2 PLAC ${pick(PLACES)}`);
      if (r() < 0.5) out.push('1 BURI', `2 DATE ${date(died)}`);
    }
    if (r() < 0.4) out.push(`1 OCCU ${pick(OCCUPATIONS)}`);
    if (r() < 0.1)
      out.push(
        `1 NOTE Family tradition says ${p.surname} came from ${pick(PLACES)}.`,
        '2 CONT A second line of the note, kept as CONT.',
      );
    out.push(`1 _UID ${(p.id * 2654435761).toString(16).padStart(12, '0').toUpperCase()}`);
    if (p.famc) out.push(`1 FAMC @F${p.famc}@`);
    for (const f of p.fams) out.push(`1 FAMS @F${f}@`);
  }
  for (const f of families) {
    out.push(`0 @F${f.id}@ FAM`, `1 HUSB @I${f.husb}@`, `1 WIFE @I${f.wife}@`);
    for (const c of f.children) out.push(`1 CHIL @I${c}@`);
    out.push('1 MARR', `2 DATE ${date(f.year)}`, `2 PLAC ${pick(PLACES)}`);
  }
  for (let s = 1; s <= nSources; s++)
    out.push(
      `0 @S${s}@ SOUR`,
      `1 TITL Parish register ${s}`,
      `1 AUTH Parish clerk`,
      `1 PUBL Diocesan archive, vol. ${s}`,
    );
  out.push('0 TRLR');
  return `${out.join('\n')}\n`;
}
