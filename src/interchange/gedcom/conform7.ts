/**
 * Lines kept verbatim from a 5.5.1 import, said the way GEDCOM 7.0 allows (issue #22 item 4): the
 * payload types, placements and required substructures of FamilySearch's 7.0 rules, which
 * test/helpers/gedcom7-validate.ts checks every export against. What changes is reported through
 * `loss`: a value that has no 7.0 form keeps its words in a PHRASE or a NOTE, or moves to an
 * extension tag; nothing is dropped silently.
 */
import type { RawNode } from './raw';

export type LossFn = (what: string, example?: string) => void;

const MEDI = new Set([
  'AUDIO',
  'BOOK',
  'CARD',
  'ELECTRONIC',
  'FICHE',
  'FILM',
  'MAGAZINE',
  'MANUSCRIPT',
  'MAP',
  'NEWSPAPER',
  'OTHER',
  'PHOTO',
  'TOMBSTONE',
  'VIDEO',
]);
const ROLES: Record<string, string> = {
  CHIL: 'CHIL',
  CHILD: 'CHIL',
  CLERGY: 'CLERGY',
  FATH: 'FATH',
  FATHER: 'FATH',
  FRIEND: 'FRIEND',
  GODP: 'GODP',
  GODPARENT: 'GODP',
  GODFATHER: 'GODP',
  GODMOTHER: 'GODP',
  HUSB: 'HUSB',
  HUSBAND: 'HUSB',
  MOTH: 'MOTH',
  MOTHER: 'MOTH',
  MULTIPLE: 'MULTIPLE',
  NGHBR: 'NGHBR',
  NEIGHBOR: 'NGHBR',
  NEIGHBOUR: 'NGHBR',
  OFFICIATOR: 'OFFICIATOR',
  PARENT: 'PARENT',
  SPOU: 'SPOU',
  SPOUSE: 'SPOU',
  WIFE: 'WIFE',
  WITN: 'WITN',
  WITNESS: 'WITN',
  OTHER: 'OTHER',
};
/** Event and attribute types a citation's EVEN may name (enumset-EVENATTR). */
const EVENATTR = new Set(
  (
    'ADOP ANUL BAPM BARM BASM BIRT BLES BURI CAST CHR CHRA CONF CREM DEAT DIV DIVF DSCR EDUC EMIG ENGA ' +
    'FCOM GRAD IDNO IMMI MARB MARC MARL MARR MARS NATI NATU NMR OCCU ORDN PROB PROP RELI RESI RETI SSN ' +
    'TITL WILL CENS EVEN FACT NCHI'
  ).split(' '),
);
const ORD_STAT = new Set(
  'BIC CANCELED CHILD COMPLETED DNS DNS_CAN EXCLUDED INFANT PRE_1970 STILLBORN SUBMITTED UNCLEARED'.split(' '),
);
const LDS = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS']);
const NOTE_CHILDREN = new Set(['MIME', 'LANG', 'TRAN', 'SOUR']);
/** Structures whose 7.0 payload is a pointer: a 5.5.1 text value there has no 7.0 form. */
const POINTER_ONLY = new Set(['SUBM', 'ANCI', 'DESI', 'ALIA', 'FAMC', 'FAMS', 'HUSB', 'WIFE', 'CHIL', 'REPO']);

/** A 5.5.1 AGE value in 7.0's grammar ("76" → "76y"); the words of one that has none go to a PHRASE. */
export function age7(value: string): { age: string; phrase?: string } {
  const v = value.trim();
  const words: Record<string, [string, string]> = {
    CHILD: ['< 8y', 'Child'],
    INFANT: ['< 1y', 'Infant'],
    STILLBORN: ['0y', 'Stillborn'],
  };
  const w = words[v.toUpperCase()];
  if (w) return { age: w[0], phrase: w[1] };
  const m = /^([<>])?\s*(\d+)\s*$/.exec(v);
  if (m) return { age: `${m[1] ? `${m[1]} ` : ''}${m[2]}y` };
  const parts = /^([<>])?\s*((?:\d+\s*[ymwd]\s*)+)$/i.exec(v);
  if (parts) {
    const units = [...parts[2].matchAll(/(\d+)\s*([ymwd])/gi)].map((x) => `${x[1]}${x[2].toLowerCase()}`);
    const order = 'ymwd';
    const sorted = units.every((u, i) => i === 0 || order.indexOf(u.slice(-1)) > order.indexOf(units[i - 1].slice(-1)));
    if (sorted) return { age: `${parts[1] ? `${parts[1]} ` : ''}${units.join(' ')}` };
  }
  return { age: '', phrase: v };
}

const phrase = (value: string): RawNode => ({ tag: 'PHRASE', value });

/**
 * One adapted line and its (already adapted) sub-lines, under a parent of tag `parent`, made valid 7.0.
 */
export function conform7(n: RawNode, parent: string | undefined, loss: LossFn): RawNode {
  const children = n.children ?? [];
  const v = n.value;
  switch (n.tag) {
    case 'AGE': {
      if (v === undefined) return n;
      const a = age7(v);
      if (a.age === v && !a.phrase) return n;
      loss('ages written in the 7.0 grammar ("76" → "76y"; words as a PHRASE)', v);
      return { ...n, value: a.age, children: [...(a.phrase ? [phrase(a.phrase)] : []), ...children] };
    }
    case 'MEDI': {
      if (v === undefined || MEDI.has(v)) return n;
      const up = v.toUpperCase();
      if (MEDI.has(up)) return { ...n, value: up };
      loss('media types 7.0 does not list written as OTHER with a PHRASE', v);
      return { ...n, value: 'OTHER', children: [phrase(v), ...children] };
    }
    case 'ROLE': {
      if (v === undefined || /^_/.test(v)) return n;
      const r = ROLES[v.toUpperCase()];
      if (r === v) return n;
      if (r) return { ...n, value: r, ...(r === 'OTHER' ? {} : { children: [phrase(v), ...children] }) };
      return { ...n, value: 'OTHER', children: [phrase(v), ...children] };
    }
    case 'ASSO': {
      // 5.5.1 RELA ("Godfather") is 7.0's ROLE: a listed role, else OTHER, with the words as its PHRASE.
      const rela = children.find((c) => c.tag === 'RELA');
      // 5.5's "TYPE INDI" said what ASSO points to; in 7.0 it always points to an INDI.
      const rest = children.filter((c) => c.tag !== 'RELA' && c.tag !== 'TYPE');
      const role = children.find((c) => c.tag === 'ROLE');
      if (!rela && role) return n;
      const words = rela?.value?.trim();
      const r = words ? ROLES[words.toUpperCase()] : undefined;
      const roleNode: RawNode = {
        tag: 'ROLE',
        value: r ?? 'OTHER',
        ...(words && words !== r ? { children: [phrase(words)] } : {}),
      };
      if (!rela) loss('associations without a relationship given ROLE OTHER (required in 7.0)', n.pointer);
      return { ...n, ...(n.pointer === undefined ? { pointer: '@VOID@' } : {}), children: [roleNode, ...rest] };
    }
    case 'EVEN': {
      if (parent !== 'SOUR' || v === undefined) return n;
      const items = v.split(/\s*,\s*/);
      if (items.every((x) => EVENATTR.has(x) || /^_/.test(x))) return n;
      loss('event types of citations 7.0 does not list written as EVEN with a PHRASE', v);
      return { ...n, value: 'EVEN', children: [...children.filter((c) => c.tag !== 'PHRASE'), phrase(v)] };
    }
    case 'STAT': {
      if (!parent || !LDS.has(parent) || v === undefined) return n;
      const up = v.toUpperCase();
      if (ORD_STAT.has(up) && children.some((c) => c.tag === 'DATE')) return { ...n, value: up };
      loss('ordinance statuses 7.0 cannot say (not listed, or without a date) written as _STAT', v);
      return { ...n, tag: '_STAT' };
    }
    case 'SOUR': {
      if (n.pointer !== undefined) return mergeData(n);
      if (parent === undefined) return n;
      // 7.0 has no inline source: a citation of no record, its text as the page and DATA.TEXT.
      loss('inline source citations written as SOUR @VOID@ with the text as PAGE', v);
      const texts = children.filter((c) => c.tag === 'TEXT');
      const rest = children.filter((c) => c.tag !== 'TEXT');
      const data: RawNode[] = texts.length ? [{ tag: 'DATA', children: texts }] : [];
      return mergeData({
        tag: 'SOUR',
        pointer: '@VOID@',
        children: [...(v ? [{ tag: 'PAGE', value: v }] : []), ...rest, ...data],
      });
    }
    case 'NOTE': {
      // A shared note inlined where it is used keeps only what a note may hold (not its EXID, REFN …).
      const kept = children.filter((c) => NOTE_CHILDREN.has(c.tag) || c.tag.startsWith('_'));
      if (kept.length === children.length) return n;
      loss(
        'identifiers of shared notes written inline (EXID, REFN) dropped',
        children.find((c) => !kept.includes(c))?.tag,
      );
      return { ...n, ...(kept.length ? { children: kept } : { children: undefined }) };
    }
    case 'COMM':
      loss('COMM lines (not a GEDCOM tag) written as NOTE', parent);
      return { ...n, tag: 'NOTE' };
    case 'OBJE':
      return n.pointer !== undefined ? n : { ...n, children: media7(children, loss) };
    default:
      if (POINTER_ONLY.has(n.tag) && n.pointer === undefined && v !== undefined && parent) {
        loss(`${n.tag} lines with text where 7.0 wants a pointer written as _${n.tag}`, v);
        return { ...n, tag: `_${n.tag}` };
      }
      if (n.tag === 'ADOP' && parent === 'FAMC' && n.pointer !== undefined) {
        loss('ADOP lines with a pointer (7.0: HUSB, WIFE or BOTH) written as _ADOP', n.pointer);
        return { ...n, tag: '_ADOP' };
      }
      return n;
  }
}

/** A 7.0 association in 5.5.1: its ROLE (and the PHRASE that words it) as RELA. */
export function asso551(n: RawNode): RawNode {
  const children = n.children ?? [];
  const role = children.find((c) => c.tag === 'ROLE');
  if (!role || children.some((c) => c.tag === 'RELA')) return n;
  const words = role.children?.find((c) => c.tag === 'PHRASE' || c.tag === '_PHRASE')?.value ?? role.value ?? '';
  return { ...n, children: [{ tag: 'RELA', value: words }, ...children.filter((c) => c !== role)] };
}

/** A citation's DATA lines in one DATA (7.0 allows one). */
function mergeData(n: RawNode): RawNode {
  const data = (n.children ?? []).filter((c) => c.tag === 'DATA');
  if (data.length < 2) return n;
  const merged: RawNode = { tag: 'DATA', children: data.flatMap((d) => d.children ?? []) };
  const date = merged.children!.filter((c) => c.tag === 'DATE');
  // One DATE in a DATA: the others' words stay as TEXT.
  if (date.length > 1)
    merged.children = [
      date[0],
      ...merged.children!.filter((c) => c.tag !== 'DATE'),
      ...date.slice(1).map((d) => ({ tag: 'TEXT', value: d.value ?? '' })),
    ];
  const rest = (n.children ?? []).filter((c) => c.tag !== 'DATA');
  return { ...n, children: [...rest, merged] };
}

/**
 * 5.5 media lines in 7.0's shape: each FILE with its FORM (a media type) and TITL below it.
 * `mediaType` turns a 5.5 format word ("jpeg") into a media type.
 */
export function media7(children: RawNode[], loss: LossFn): RawNode[] {
  const files = children.filter((c) => c.tag === 'FILE');
  const form = children.find((c) => c.tag === 'FORM');
  const titl = children.find((c) => c.tag === 'TITL');
  const rest = children.filter((c) => c !== form && c !== titl && c.tag !== 'FILE');
  if (!files.length) {
    loss('multimedia without FILE given FILE "unknown" (required in 7.0)');
    files.push({ tag: 'FILE', value: 'unknown' });
  }
  const out = files.map((file, i) => {
    const fc = file.children ?? [];
    const f = fc.find((c) => c.tag === 'FORM') ?? form;
    const ext = /\.([A-Za-z0-9]{1,5})$/.exec(file.value ?? '')?.[1];
    const mime = mediaType(f?.value ?? ext ?? '');
    const ft = fc.find((c) => c.tag === 'TITL') ?? (i === 0 ? titl : undefined);
    const others = fc.filter((c) => c.tag !== 'FORM' && c.tag !== 'TITL');
    const formNode: RawNode = {
      tag: 'FORM',
      value: mime,
      ...(f?.children?.length ? { children: f.children.filter((c) => c.tag === 'MEDI') } : {}),
    };
    return { ...file, children: [formNode, ...(ft ? [ft] : []), ...others] };
  });
  return [...out, ...rest];
}

export function mediaType(form: string): string {
  const f = form.toLowerCase().trim();
  if (f.includes('/')) return f;
  const map: Record<string, string> = {
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    png: 'image/png',
    gif: 'image/gif',
    bmp: 'image/bmp',
    tif: 'image/tiff',
    tiff: 'image/tiff',
    pdf: 'application/pdf',
    mp3: 'audio/mpeg',
    wav: 'audio/wav',
    ole: 'application/octet-stream',
    txt: 'text/plain',
    htm: 'text/html',
    html: 'text/html',
  };
  if (!f) return 'application/octet-stream';
  return map[f] ?? `application/x-${f.replace(/[^a-z0-9]+/g, '') || 'unknown'}`;
}
