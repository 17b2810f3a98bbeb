/**
 * An in-memory inverted index over the archive: phonetic surname and given-name keys, place tokens
 * and record types point at records, so a search touches only the records that share a key with the
 * query — never the whole archive.
 */
import { parseAge } from '../../model/age';
import type { Persona, RawRecord, SearchQuery } from '../../model';
import { yearRange } from '../../model/gdate';
import {
  foldName,
  namesAlike,
  nameTokens,
  phoneticKeys,
  splitPersonaName,
  surnameRootKey,
  surnameSoundex,
} from '../../model/names';

function soundexAlike(a: string, b: string): boolean {
  const kb = new Set(surnameSoundex(b));
  return surnameSoundex(a).some((k) => kb.has(k));
}

interface NameRef {
  given: string;
  surname: string;
  /** Estimated birth years from a birth date, or age at the record date. */
  birth?: { min: number; max: number };
}

interface Entry {
  rel: string;
  record: RawRecord;
  names: NameRef[];
  /** Free text without a persons index: folded words, to match names that only the text holds. */
  words?: Set<string>;
  placeTokens: Set<string>;
}

export interface ArchiveHit {
  rel: string;
  record: RawRecord;
  score: number;
}

/** Birth-year estimate of a persona: its birth date, else the record year minus the age (±1). */
export function personaBirthRange(
  p: Persona,
  recordDate: string | undefined,
): { min: number; max: number } | undefined {
  if (p.birthDate) {
    const r = yearRange(p.birthDate);
    if (r.min !== undefined && r.max !== undefined) return { min: r.min, max: r.max };
  }
  // The age as written ("in his 80th year" is 79 completed years, "abt 40" a little wider).
  const age = parseAge(p.age);
  if (age && age.max !== undefined && recordDate) {
    const ry = yearRange(recordDate);
    const slack = age.approximate ? 5 : 0;
    if (ry.min !== undefined && ry.max !== undefined)
      return { min: Math.floor(ry.min - age.max - 1 - slack), max: Math.ceil(ry.max - age.min + slack) };
  }
  return undefined;
}

function placeTokens(place: string | undefined): string[] {
  return place
    ? foldName(place)
        .split(/[\s,]+/)
        .filter((t) => t.length > 2)
    : [];
}

const STOP = new Set([
  'the',
  'and',
  'his',
  'her',
  'was',
  'born',
  'died',
  'son',
  'daughter',
  'wife',
  'husband',
  'of',
  'in',
  'at',
  'on',
  'mrs',
  'mr',
  'miss',
  'survived',
  'by',
]);

export class ArchiveSearchIndex {
  private entries: Entry[] = [];
  private bySurname = new Map<string, Set<number>>();
  private byGiven = new Map<string, Set<number>>();
  private byPlace = new Map<string, Set<number>>();

  get size(): number {
    return this.entries.length;
  }

  /** The id (`archive:<path>`) of every record, in path order. */
  ids(): string[] {
    return this.entries.map((e) => e.record.externalId ?? `archive:${e.rel}`);
  }

  /** The records asked for by id, in the order asked (the archive sweep). */
  private byIds(ids: readonly string[]): ArchiveHit[] {
    const at = new Map(this.entries.map((e) => [e.record.externalId ?? `archive:${e.rel}`, e]));
    return ids.flatMap((id) => {
      const e = at.get(id);
      return e ? [{ rel: e.rel, record: e.record, score: 1 }] : [];
    });
  }

  add(rel: string, record: RawRecord): void {
    const idx = this.entries.length;
    const names: NameRef[] = record.persons.map((p) => {
      const { given, surname } = splitPersonaName(p.name);
      return { given, surname, birth: personaBirthRange(p, record.date) };
    });
    const entry: Entry = { rel, record, names, placeTokens: new Set(placeTokens(record.place)) };
    for (const p of record.persons) for (const t of placeTokens(p.birthPlace ?? '')) entry.placeTokens.add(t);
    const put = (map: Map<string, Set<number>>, key: string) => {
      let s = map.get(key);
      if (!s) map.set(key, (s = new Set()));
      s.add(idx);
    };
    for (const n of names) {
      for (const t of nameTokens(n.surname)) {
        for (const k of phoneticKeys(t)) put(this.bySurname, k);
        for (const k of surnameSoundex(t)) put(this.bySurname, `dm:${k}`);
        // Wojciechowski and Vojtěchovský: one surname made from one given name (slavic-surnames.ts).
        const root = surnameRootKey(t);
        if (root) put(this.bySurname, `root:${root}`);
      }
      for (const t of nameTokens(n.given)) for (const k of phoneticKeys(t)) put(this.byGiven, k);
    }
    if (record.persons.length === 0 || record.recordType === 'obituary' || record.recordType === 'newspaper') {
      // Free text: every capitalised word may be a name (the obituary of a married daughter names her twice).
      const words = new Set<string>();
      for (const m of record.text.matchAll(/\b\p{Lu}[\p{L}'’-]+/gu)) {
        // "O'Sullivan" is found as "Sullivan" too, as an indexed surname is (its tokens).
        const whole = foldName(m[0]).replace(/[^a-z]/g, '');
        for (const w of new Set([whole, ...nameTokens(m[0].replace(/’/g, "'"))])) {
          if (w.length < 2 || STOP.has(w)) continue;
          words.add(w);
          for (const k of phoneticKeys(w)) {
            put(this.bySurname, k);
            put(this.byGiven, k);
          }
        }
      }
      entry.words = words;
    }
    for (const t of entry.placeTokens) put(this.byPlace, t);
    this.entries.push(entry);
  }

  /**
   * Records matching the query, best first. A name query looks up its phonetic keys; a place-only
   * query intersects its place tokens; a query with neither matches nothing (no full scans).
   */
  search(q: SearchQuery, limit = 25): ArchiveHit[] {
    if (q.records?.length) return this.byIds(q.records).slice(0, limit);
    const given = q.given ?? (q.name && !q.surname ? splitPersonaName(q.name).given : '');
    const surname = q.surname ?? (q.name ? splitPersonaName(q.name).surname : '');
    const candidates = new Set<number>();
    if (surname) {
      for (const t of nameTokens(surname))
        for (const k of [
          ...phoneticKeys(t),
          ...surnameSoundex(t).map((c) => `dm:${c}`),
          ...[surnameRootKey(t)].filter(Boolean).map((r) => `root:${r}`),
        ])
          for (const i of this.bySurname.get(k) ?? []) candidates.add(i);
    } else if (given) {
      for (const t of nameTokens(given))
        for (const k of phoneticKeys(t)) for (const i of this.byGiven.get(k) ?? []) candidates.add(i);
    } else if (q.place) {
      const toks = placeTokens(q.place);
      const sets = toks.map((t) => this.byPlace.get(t) ?? new Set<number>()).sort((a, b) => a.size - b.size);
      for (const i of sets[0] ?? []) if (sets.every((s) => s.has(i))) candidates.add(i);
    }
    const types = q.recordTypes?.length ? new Set(q.recordTypes) : undefined;
    // A year in the free text ("1880" for a census search) narrows to records of that year.
    const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(q.text ?? '')?.[1];
    const qPlace = placeTokens(q.place);
    const hits: ArchiveHit[] = [];
    for (const i of candidates) {
      const e = this.entries[i];
      if (types && !types.has(e.record.recordType)) continue;
      if (year) {
        const r = e.record.date ? yearRange(e.record.date) : {};
        if (r.min === undefined || r.max === undefined || Number(year) < r.min || Number(year) > r.max) continue;
      }
      const nameScore = this.nameScore(e, given, surname, q.birthYear);
      if (nameScore === undefined) continue;
      let score = nameScore;
      if (qPlace.length) {
        // A place narrows: the most specific part of the queried place ("Kleinbach" of
        // "Kleinbach, Bavaria") must be in the record's place or a persona's birthplace.
        const head = placeTokens(q.place!.split(',')[0]);
        if (!head.every((t) => e.placeTokens.has(t))) continue;
        const shared = qPlace.filter((t) => e.placeTokens.has(t)).length;
        score += 0.3 * (shared / qPlace.length);
      }
      hits.push({ rel: e.rel, record: e.record, score });
    }
    return hits.sort((a, b) => b.score - a.score || a.rel.localeCompare(b.rel)).slice(0, limit);
  }

  /** undefined = not a match. Names must match on the same persona; birth years within ±10. */
  private nameScore(e: Entry, given: string, surname: string, birthYear: number | undefined): number | undefined {
    if (!given && !surname) return 1;
    let best: number | undefined;
    for (const n of e.names) {
      let s = 0;
      if (surname) {
        const ts = nameTokens(n.surname);
        const us = nameTokens(surname);
        const alike = ts.some((t) => us.some((u) => namesAlike(t, u)));
        // An emigrant's surname respelt (Lewkowicz → Lefkowitz) is still worth reading, ranked lower.
        const sameRoot = ts.some((t) =>
          us.some((u) => surnameRootKey(t) !== undefined && surnameRootKey(t) === surnameRootKey(u)),
        );
        if (!alike && !sameRoot && !ts.some((t) => us.some((u) => soundexAlike(t, u)))) continue;
        s += foldName(n.surname) === foldName(surname) ? 1 : alike ? 0.8 : 0.6;
      }
      if (given) {
        const gq = nameTokens(given);
        const gn = nameTokens(n.given);
        if (!gq.some((t) => gn.some((u) => namesAlike(t, u)))) continue;
        s += gq[0] && gn[0] && gq[0] === gn[0] ? 1 : 0.7;
      }
      if (birthYear !== undefined && n.birth) {
        if (birthYear < n.birth.min - 10 || birthYear > n.birth.max + 10) continue;
        s += 0.5;
      }
      best = Math.max(best ?? 0, s);
    }
    if (e.words) {
      const sOk =
        !surname ||
        nameTokens(surname).some((t) => [...phoneticKeys(t)].length > 0 && [...e.words!].some((w) => namesAlike(w, t)));
      const gOk = !given || nameTokens(given).some((t) => [...e.words!].some((w) => w.length > 1 && namesAlike(w, t)));
      if (sOk && gOk) best = Math.max(best ?? 0, (surname ? 0.8 : 0) + (given ? 0.6 : 0));
    }
    return best;
  }
}
