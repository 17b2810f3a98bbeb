/**
 * The People view's and Go to Person's questions, answered from the case opened `trees: 'indexed'`
 * (the derived tree index plus the person files, decision 0002): a page of persons under a filter,
 * a fuzzy name search, a person's parents, spouses and children, and where a person's text is.
 * Runs in a worker thread (worker.ts), so a 100k-person case never blocks the extension host.
 * No vscode here: the host sends the questions and shows the answers.
 */
import { dirname, join } from 'node:path';
import { isLiving } from '../../agents/censor/living';
import { openCase, type FileCaseStore } from '../../case';
import {
  countMatching,
  findPersons,
  personSummary,
  type PersonQuery,
  type PersonSummary,
} from '../../case/person-catalog';
import { layout } from '../../case';
import { chartFontDir, chartSvgToPdf } from '../../interchange/chart-pdf';
import type { Generations, PedigreeView } from '../../protocol/pedigree';
import { chartOf, type ChartPrivacy } from '../webviews/pedigreeFamily';
import { personPageFromStore } from '../person/page-data';
import type { PersonPage } from '../../protocol/person';
import { familyOf, neighbourhood, type Family, type NeighbourhoodOptions } from '../../case/tree-family';
import type { Person } from '../../model';

/** What the People view filters by (every given part must match). */
export interface PeopleFilter {
  surname?: string;
  given?: string;
  bornFrom?: number;
  bornTo?: number;
  place?: string;
  /** true: living only; false: deceased only. */
  living?: boolean;
  /** Only persons with an open conflict. */
  conflicts?: boolean;
}

/** A person as a row of the view: living persons already redacted unless the case has consent. */
export interface PersonRow {
  id: string;
  name: string;
  surname: string;
  lifespan: string;
  living: boolean;
  /** The person file, or the tree file the person is in (relative to the case). */
  file: string;
  /** The line of a tree file the person is on. */
  line?: number;
}

export interface PeoplePage {
  total: number;
  offset: number;
  rows: PersonRow[];
}

export interface Relatives {
  parents: PersonRow[];
  spouses: PersonRow[];
  children: PersonRow[];
}

export class PeopleDirectory {
  private constructor(private readonly store: FileCaseStore) {}

  static async open(root: string): Promise<PeopleDirectory> {
    return new PeopleDirectory(await openCase(root, { trees: 'indexed' }));
  }

  get subject(): string | undefined {
    return this.store.config().subject.person;
  }

  private row(s: PersonSummary): PersonRow {
    const consent = this.store.config().privacy.consent;
    const hidden = s.living && !consent;
    const lifespan = s.birthYear !== null || s.deathYear !== null ? `${s.birthYear ?? '?'}–${s.deathYear ?? ''}` : '';
    return {
      id: s.id,
      name: hidden ? `Living ${s.surname}`.trim() : s.name,
      surname: s.surname,
      lifespan: hidden ? 'living' : lifespan,
      living: s.living,
      file: s.file,
    };
  }

  private query(f: PeopleFilter): PersonQuery {
    const q: PersonQuery = {};
    if (f.surname) q.surname = f.surname;
    if (f.given) q.given = f.given;
    if (f.bornFrom !== undefined) q.bornFrom = f.bornFrom;
    if (f.bornTo !== undefined) q.bornTo = f.bornTo;
    if (f.place) q.place = f.place;
    if (f.living !== undefined) q.living = f.living;
    if (f.conflicts)
      q.ids = [
        ...new Set(
          this.store
            .conflicts()
            .filter((c) => c.status === 'open')
            .map((c) => c.person),
        ),
      ];
    return q;
  }

  /** `limit` persons from `offset` in listing order (surname, given name, id), and how many match. */
  page(filter: PeopleFilter, offset: number, limit: number): PeoplePage {
    const q = this.query(filter);
    return {
      total: countMatching(this.store, q),
      offset,
      rows: findPersons(this.store, q, limit, offset).map((s) => this.row(s)),
    };
  }

  /**
   * Go to Person: name words as prefixes first, then fuzzy matches (letters in order within a
   * word), then an id typed in full. Living persons match by their surname only unless the case
   * has consent (their given names are not shown, so they are not searched either).
   */
  search(text: string, limit: number): PersonRow[] {
    const out = new Map<string, PersonRow>();
    const add = (rows: PersonSummary[]) => {
      for (const s of rows) if (out.size < limit && !out.has(s.id)) out.set(s.id, this.row(s));
    };
    const byId = text.trim() ? personSummary(this.store, text.trim()) : undefined;
    if (byId) add([byId]);
    if (!text.trim()) return [...out.values()];
    add(findPersons(this.store, { name: text }, limit));
    if (out.size < limit) add(findPersons(this.store, { fuzzy: text }, limit));
    const consent = this.store.config().privacy.consent;
    return [...out.values()].filter(
      (r) => consent || !r.living || r.surname.toLowerCase().includes(text.trim().split(/\s+/)[0].toLowerCase()),
    );
  }

  /** Parents, spouses and children, from the person's own links and (person files) the other side's. */
  relatives(id: string): Relatives {
    const p = this.store.person(id);
    const out: Relatives = { parents: [], spouses: [], children: [] };
    if (!p) return out;
    const ids = { parent: new Set<string>(), spouse: new Set<string>(), child: new Set<string>() };
    for (const r of p.relationships) if (r.status !== 'rejected') ids[r.type].add(r.person);
    const inverse = { parent: 'child', child: 'parent', spouse: 'spouse' } as const;
    // Person files are few (decision 0001): the other side may be the only one to state the link.
    for (const f of this.store.filePersons())
      for (const r of f.relationships)
        if (r.person === id && r.status !== 'rejected' && f.id !== id) ids[inverse[r.type]].add(f.id);
    const rows = (set: Set<string>) =>
      [...set].flatMap((x) => {
        const s = personSummary(this.store, x);
        return s ? [this.row(s)] : [];
      });
    out.parents = rows(ids.parent);
    out.spouses = rows(ids.spouse);
    out.children = rows(ids.child);
    return out;
  }

  /**
   * The family chart of a person (pedigree, descendants, fan), read through the index: only the
   * persons its window reaches. Redaction follows the stricter of the case and the user's settings.
   */
  chart(id: string, generations: Generations, user: ChartPrivacy): PedigreeView | undefined {
    const c = this.store.config().privacy;
    const privacy = {
      thresholdYears: Math.max(c.livingThresholdYears, user.thresholdYears),
      consent: c.consent && user.consent,
    };
    return chartOf(this.store, id, generations, privacy, this.store.clock.now());
  }

  /**
   * Saves a drawn chart (already redacted) through the case's writer and its Censor; returns the
   * path. As a PDF, the censored SVG is drawn into a page (src/interchange/chart-pdf.ts).
   */
  saveChart(path: string, svg: string, format: 'svg' | 'pdf' = 'svg', title?: string): Promise<string> {
    if (format === 'svg') return this.store.writeExport(path, svg);
    const fontDir = chartFonts();
    return this.store.writeRenderedExport(path, svg, (censored) => chartSvgToPdf(censored, { fontDir, title }));
  }

  /** The person page's view model (src/extension/person): the worker builds it, so big trees never reach the host. */
  personPage(id: string): PersonPage | undefined {
    return personPageFromStore(this.store, id, this.relatives(id));
  }

  /** Where a person's text is: their file, and the line of a tree file. */
  locate(id: string): { file: string; line?: number } | undefined {
    const file = this.store.personFile(id);
    if (!file) return undefined;
    const line = file.startsWith(`${layout.TREES_DIR}/`) ? this.store.indexOfTrees()?.lineOf(id) : undefined;
    return line !== undefined ? { file, line } : { file };
  }

  /** Whole persons by id (a big tree's persons the host's snapshot does not hold); unknown ids left out. */
  persons(ids: readonly string[]): Person[] {
    return ids.flatMap((id) => {
      const p = this.store.person(id);
      return p ? [p] : [];
    });
  }

  /** A person with parents, spouses and children (src/case/tree-family.ts). */
  family(id: string): Family | undefined {
    return familyOf(this.store, id);
  }

  /** The persons around one (pedigree, descendants, research of a subject), each once. */
  neighbourhood(id: string, opts: NeighbourhoodOptions): Person[] {
    return [...neighbourhood(this.store, id, opts).values()];
  }

  /** Whether a person is living by the case's rule (for callers that hold a full person). */
  isLiving(id: string): boolean {
    const p = this.store.person(id);
    const c = this.store.config().privacy;
    return p ? isLiving(p, this.store.clock.now(), c.livingThresholdYears) : false;
  }
}

/** The chart fonts: copied beside the bundle (dist/fonts, scripts/build.mjs), else the dev package (tests from source). */
function chartFonts(): string {
  const dirs = [join(__dirname, 'fonts')];
  try {
    dirs.push(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf'));
  } catch {
    // a package build: only the bundle's own copy
  }
  return chartFontDir(dirs);
}
