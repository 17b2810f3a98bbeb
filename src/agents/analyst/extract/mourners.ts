/**
 * A funeral report's list of mourners, as British and colonial papers print it: each relative by
 * title and name with the tie in brackets. "The mourners were Mrs. Cotterill (widow), Mr. and Mrs.
 * W. Cotterill (son and daughter-in-law), Mr. and Mrs. F. Staniforth (son-in-law and daughter), Mr.
 * T. Cotterill (brother), and Mrs. Hirst and Mrs. Platts (neighbours)." A couple's tie names the man
 * first; neighbours, friends and bearers are no kin and are not read.
 */
import type { Persona } from '../../../model';
import { splitPersonaName } from '../../../model/names';
import { listEnd, relationshipWord, type RelativeDraft } from './relatives';
import { NAME, NAME_WORD } from './text-patterns';

const OPENER = /\b(?:(?:chief|principal)\s+)?mourners\s+(?:were|included|being)\b|\bamong\s+the\s+mourners\s+were\b/giu;
const WHO = `(?:(?:\\p{Lu}\\.\\s*){1,3}${NAME_WORD}|${NAME})`;
const ITEM = new RegExp(`\\b(Mr\\.?\\s+and\\s+Mrs\\.?|Mrs\\.?|Mr\\.?|Miss)\\s+(${WHO})\\s*\\(([^()]{2,60})\\)`, 'gu');

type Tie = 'spouse' | 'child' | 'sibling' | 'son-in-law' | 'daughter-in-law';

function tieOf(word: string): { tie: Tie; sex: 'M' | 'F' } | undefined {
  const w = word.trim().toLowerCase();
  if (/^(?:widow|wife)$/.test(w)) return { tie: 'spouse', sex: 'F' };
  if (/^(?:widower|husband)$/.test(w)) return { tie: 'spouse', sex: 'M' };
  if (w === 'son') return { tie: 'child', sex: 'M' };
  if (w === 'daughter') return { tie: 'child', sex: 'F' };
  if (w === 'brother') return { tie: 'sibling', sex: 'M' };
  if (w === 'sister') return { tie: 'sibling', sex: 'F' };
  if (w === 'son-in-law') return { tie: 'son-in-law', sex: 'M' };
  if (w === 'daughter-in-law') return { tie: 'daughter-in-law', sex: 'F' };
  return undefined;
}

/** A mourner's persona: the tie as the record words it (relatives.ts's words for son, wife, brother …). */
function mourner(name: string, t: Tie, sex: 'M' | 'F'): Persona {
  return {
    name,
    role: t === 'child' ? 'child' : t === 'spouse' ? 'spouse' : 'other',
    sex,
    relationship: t === 'son-in-law' || t === 'daughter-in-law' ? t : relationshipWord(t, sex),
  };
}

/** The relatives a list of mourners names, each with its tie as the brackets give it. */
export function mournerLists(body: string): RelativeDraft[] {
  const out: RelativeDraft[] = [];
  for (const open of body.matchAll(OPENER)) {
    const from = open.index + open[0].length;
    const list = body.slice(from, listEnd(body, from) + 1);
    for (const m of list.matchAll(ITEM)) {
      const [written, title, name, ties] = m;
      const couple = /and/.test(title);
      const words = ties.split(/\s+and\s+|\s*,\s*/);
      // After a title a single word is the surname ("Mrs. Cotterill").
      const surname = splitPersonaName(name).surname || name;
      const snippets = { name: written, role: written };
      const man = couple || /^Mr\b/.test(title);
      const first = tieOf(words[0]);
      // "Mr. and Mrs. X (son and daughter-in-law)": his tie first, hers second; one tie for one person.
      const his = man ? first : undefined;
      const hers = couple ? tieOf(words[1] ?? '') : man ? undefined : first;
      const hisPersona = (t: Tie) => mourner(name, t, 'M');
      const herPersona = (t: Tie) => mourner(`Mrs. ${surname}`, t, 'F');
      if (his && his.sex === 'M' && hers && hers.sex === 'F') {
        // The in-law is the spouse of the relative: a daughter's husband, a son's wife.
        if (his.tie === 'son-in-law' && hers.tie === 'child')
          out.push({
            persona: herPersona('child'),
            snippets,
            kind: 'child',
            husband: { persona: hisPersona('son-in-law'), snippets },
          });
        else if (his.tie === 'child' && hers.tie === 'daughter-in-law')
          out.push({
            persona: hisPersona('child'),
            snippets,
            kind: 'child',
            wife: { persona: herPersona('daughter-in-law'), snippets },
          });
        continue;
      }
      const one = his ?? hers;
      if (!one || one.tie === 'son-in-law' || one.tie === 'daughter-in-law') continue;
      if (one.tie === 'spouse' && !/^Mrs/.test(title) && !his) continue;
      const persona = his ? hisPersona(one.tie) : herPersona(one.tie);
      // Mrs. with a name of her own ("Mrs. Ann Smith") keeps it; "Mrs. Cotterill (widow)" has none.
      if (!his && name.split(/\s+/).length > 1 && !/^\p{Lu}\./u.test(name)) persona.name = name;
      out.push({
        persona,
        snippets,
        kind: one.tie === 'sibling' ? 'sibling' : one.tie === 'spouse' ? 'spouse' : 'child',
      });
    }
  }
  return out;
}
