/** How a person is named in views: living persons are redacted unless the case has consent. */
import { displayName, factValue, type Person } from '../../model';
import { isLiving } from '../../agents/censor/living';
import type { CaseSnapshot } from '../core/snapshot';
import { readSettings } from '../settings';

export interface PersonLabel {
  name: string;
  surname: string;
  lifespan: string;
  living: boolean;
  sortKey: string;
}

function year(value: string | undefined): string {
  return value?.match(/\d{3,4}/)?.[0] ?? '';
}

/** Redaction follows the stricter of the case's privacy settings and the user's. */
export function privacyOf(snap: Pick<CaseSnapshot, 'config'>): { thresholdYears: number; consent: boolean } {
  const s = readSettings();
  const c = snap.config?.privacy;
  return {
    thresholdYears: Math.max(c?.livingThresholdYears ?? 100, s.livingThresholdYears),
    consent: Boolean(c?.consent) && s.consent,
  };
}

export function personLabel(person: Person, snap: Pick<CaseSnapshot, 'config'>, now = new Date()): PersonLabel {
  const privacy = privacyOf(snap);
  const living = !privacy.consent && isLiving(person, now, privacy.thresholdYears);
  const surname = person.names[0]?.surname ?? '';
  if (living) return { name: `Living ${surname}`.trim(), surname, lifespan: 'living', living, sortKey: `${surname} ~` };
  const born = year(factValue(person, 'birth.date') ?? factValue(person, 'baptism.date'));
  const died = year(factValue(person, 'death.date') ?? factValue(person, 'burial.date'));
  const lifespan = born || died ? `${born || '?'}–${died}` : '';
  const given = person.names[0]?.given ?? '';
  return { name: displayName(person), surname, lifespan, living, sortKey: `${surname} ${given} ${born}` };
}
