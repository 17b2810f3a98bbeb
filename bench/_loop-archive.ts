/**
 * Synthetic archives for bench/loop.ts: F families of 9 records each (baptisms, marriage, two
 * censuses, death certificate with informant, free-text obituary, gravestone), surnames and towns
 * drawn from small pools so that phonetic blocks and place searches are shared between families.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SURNAMES = [
  'Schmidt',
  'Schmitt',
  'Huber',
  'Weber',
  'Becker',
  'Wagner',
  'Koch',
  'Bauer',
  'Richter',
  'Klein',
  'Wolf',
  'Neumann',
  'Schwarz',
  'Zimmermann',
  'Braun',
  'Krüger',
  'Hofmann',
  'Hartmann',
  'Lange',
  'Werner',
  'Krause',
  'Lehmann',
  'Köhler',
  'Maier',
  'Herrmann',
  'König',
  'Walter',
  'Peters',
  'Fuchs',
  'Möller',
];
const MEN = [
  'Johann',
  'Georg',
  'Friedrich',
  'Wilhelm',
  'Karl',
  'Heinrich',
  'Peter',
  'Josef',
  'Michael',
  'Franz',
  'Jakob',
  'Anton',
];
const WOMEN = [
  'Anna',
  'Maria',
  'Katharina',
  'Margaretha',
  'Elisabeth',
  'Barbara',
  'Eva',
  'Theresia',
  'Magdalena',
  'Sophia',
];
const TOWNS = [
  'Springfield, Sangamon, Illinois, USA',
  'Peoria, Peoria, Illinois, USA',
  'Belleville, St. Clair, Illinois, USA',
  'Quincy, Adams, Illinois, USA',
  'Galena, Jo Daviess, Illinois, USA',
  'Decatur, Macon, Illinois, USA',
];

function rec(front: string, body: string): string {
  return `---\n${front.trim()}\n---\n${body.trim()}\n`;
}

export interface Generated {
  dir: string;
  records: number;
  subject: { name: string; born: number };
}

/**
 * `uniqueSubject`: only the subject's family carries its surname group (Schmidt/Schmitt), so a
 * bigger archive adds unrelated records only; otherwise the surname pool repeats every 30 families
 * and a bigger archive also holds more namesakes for the research to weigh.
 */
export function generateCase(dir: string, families: number, opts: { uniqueSubject?: boolean } = {}): Generated {
  mkdirSync(join(dir, 'archive'), { recursive: true });
  let n = 0;
  const put = (f: number, name: string, text: string) => {
    const sub = join(dir, 'archive', `f${Math.floor(f / 100)}`);
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${f}-${name}.md`), text);
    n += 1;
  };
  let subject = { name: '', born: 0 };
  for (let f = 0; f < families; f++) {
    const pool = opts.uniqueSubject ? SURNAMES.slice(2) : SURNAMES;
    const sur = opts.uniqueSubject && f === 0 ? 'Schmidt' : pool[f % pool.length];
    const town = TOWNS[Math.floor(f / SURNAMES.length) % TOWNS.length];
    const head = `${MEN[f % MEN.length]} ${MEN[(f * 7 + 3) % MEN.length]}`;
    const father = MEN[(f + 5) % MEN.length];
    const mother = WOMEN[(f + 2) % WOMEN.length];
    const wife = WOMEN[(f * 3) % WOMEN.length];
    const wifeSur = SURNAMES[(f * 11 + 7) % SURNAMES.length];
    const born = 1820 + (f % 40);
    const kids = [MEN[(f + 1) % MEN.length], WOMEN[(f + 4) % WOMEN.length], MEN[(f + 8) % MEN.length]];
    const kidBorn = [born + 26, born + 28, born + 31];
    if (f === 0) subject = { name: `${head} ${sur}`, born };
    const place = town;
    put(
      f,
      'baptism',
      rec(
        `title: Baptism of ${head} ${sur} (${f})\nrecordType: baptism\ndate: ${born}\nplace: ${place}\nrepository: Parish register ${f}\nsourceType: original\npersons:\n  - name: ${head} /${sur}/\n    role: principal\n    sex: M\n    birthDate: "${born}"\n  - name: ${father} /${sur}/\n    role: father\n    sex: M\n  - name: ${mother} /${SURNAMES[(f + 13) % SURNAMES.length]}/\n    role: mother\n    sex: F`,
        `${head}, son of ${father} ${sur} and ${mother}, born ${born}.`,
      ),
    );
    put(
      f,
      'marriage',
      rec(
        `title: Marriage of ${head} ${sur} and ${wife} ${wifeSur} (${f})\nrecordType: marriage\ndate: ${born + 25}\nplace: ${place}\nrepository: County marriages ${f}\nsourceType: original\npersons:\n  - name: ${head} /${sur}/\n    role: principal\n    sex: M\n    age: 25\n  - name: ${wife} /${wifeSur}/\n    role: spouse\n    sex: F\n    age: 22`,
        `${head} ${sur}, 25, married ${wife} ${wifeSur}, 22, in ${born + 25}.`,
      ),
    );
    for (const year of [1870, 1880]) {
      const hh = [
        `  - name: ${head} /${sur}/\n    role: head\n    sex: M\n    age: ${year - born}\n    relationship: head`,
        `  - name: ${wife} /${sur}/\n    role: other\n    sex: F\n    age: ${year - born - 3}\n    relationship: wife`,
      ];
      kids.forEach((k, i) => {
        if (kidBorn[i] < year)
          hh.push(
            `  - name: ${k} /${sur}/\n    role: child\n    sex: ${i === 1 ? 'F' : 'M'}\n    age: ${year - kidBorn[i]}\n    relationship: ${i === 1 ? 'daughter' : 'son'}`,
          );
      });
      put(
        f,
        `census-${year}`,
        rec(
          `title: ${year} census, ${sur} household (${f})\nrecordType: census\ndate: ${year}\nplace: ${place}\nrepository: Federal census ${year}\nsourceType: original\npersons:\n${hh.join('\n')}`,
          `${sur}, ${head} | head | ${year - born}\n${sur}, ${wife} | wife | ${year - born - 3}`,
        ),
      );
    }
    kids.forEach((k, i) => {
      put(
        f,
        `baptism-child-${i}`,
        rec(
          `title: Baptism of ${k} ${sur} (${f}.${i})\nrecordType: baptism\ndate: ${kidBorn[i]}\nplace: ${place}\nrepository: Parish register ${f}\nsourceType: original\npersons:\n  - name: ${k} /${sur}/\n    role: principal\n    sex: ${i === 1 ? 'F' : 'M'}\n    birthDate: "${kidBorn[i]}"\n  - name: ${head} /${sur}/\n    role: father\n    sex: M\n  - name: ${wife} /${wifeSur}/\n    role: mother\n    sex: F`,
          `${k}, child of ${head} ${sur} and ${wife} ${wifeSur}, born ${kidBorn[i]}.`,
        ),
      );
    });
    put(
      f,
      'death',
      rec(
        `title: Death certificate of ${head} ${sur} (${f})\nrecordType: death\ndate: ${born + 70}\nplace: ${place}\nrepository: State death certificates ${f}\nsourceType: original\npersons:\n  - name: ${head} /${sur}/\n    role: principal\n    sex: M\n    birthDate: "${born + (f % 3) - 1}"\n    deathDate: "${born + 70}"\n  - name: ${father} /${sur}/\n    role: father\n    sex: M\n  - name: ${kids[0]} /${sur}/\n    role: informant\n    sex: M\n    relationship: son`,
        `${head} ${sur} died ${born + 70}. Informant: ${kids[0]} ${sur}, son.`,
      ),
    );
    put(
      f,
      'obituary',
      rec(
        `title: Obituary of ${head} ${sur} (${f})\nrecordType: obituary\ndate: ${born + 70}\nplace: ${place}\nrepository: Newspaper ${f}\nsourceType: derivative`,
        `${head} ${sur} died March 3, ${born + 70} at home. He was born in ${born} in Bavaria, the son of ${father} and ${mother} ${sur}. He is survived by his wife, ${wife}; two sons, ${kids[0]} and ${kids[2]} ${sur}.`,
      ),
    );
  }
  writeFileSync(
    join(dir, 'case.yaml'),
    `version: 1\nquestion: Who were the parents, wife and children of ${subject.name}?\nsubject:\n  name: ${subject.name}\n  born: "${subject.born}"\nbudget:\n  maxCycles: 500\n  maxRequests: 100000\n  maxMinutes: 60\n  maxLogEntries: 1000000\nsources:\n  offline: true\n`,
  );
  return { dir, records: n, subject };
}
