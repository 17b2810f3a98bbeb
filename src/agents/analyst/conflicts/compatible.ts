/**
 * When are two values of one field the same fact? Dates are ranges ("1850" and "ABT 1850" agree;
 * "12 MAR 1850" and "14 MAR 1850" do not); places are hierarchies ("Springfield, Illinois" is inside
 * "Springfield, Sangamon, Illinois, USA", and "Baden" is in "Germany"); other values compare folded.
 */
import { overlaps, parseGDate } from '../../../model/gdate';
import { fold } from '../../../model/names';
import { withImpliedCountry } from '../places/regions';
import { comparePlaces, placeParts } from '../resolve/places';

export type FieldKind = 'date' | 'place' | 'value';

export function fieldKind(field: string): FieldKind {
  if (field.endsWith('.date')) return 'date';
  if (field.endsWith('.place')) return 'place';
  return 'value';
}

export function compatibleValues(field: string, a: string, b: string): boolean {
  if (a === b) return true;
  switch (fieldKind(field)) {
    case 'date': {
      // A calculated date spans a year either side (model/gdate): an informant's age that puts the
      // birth three years from the register's day disagrees with it, and the conflict is kept.
      const x = parseGDate(a);
      const y = parseGDate(b);
      if (!x.earliest || !y.earliest) return fold(a) === fold(b);
      return overlaps(x, y);
    }
    case 'place': {
      const pa = placeParts(a);
      const pb = placeParts(b);
      if (!pa.length || !pb.length) return fold(a) === fold(b);
      // "Baden" and "Germany" are one place at two precisions: complete a region with its country.
      for (const x of withImpliedCountry(pa))
        for (const y of withImpliedCountry(pb)) if ((comparePlaces(x, y)?.score ?? 0) >= 1) return true;
      return false;
    }
    default:
      return fold(a) === fold(b);
  }
}

/** How precise a value is: the narrower date or the longer place hierarchy is preferred as a label. */
export function precision(field: string, value: string): number {
  switch (fieldKind(field)) {
    case 'date': {
      const d = parseGDate(value);
      if (!d.earliest || !d.latest) return 0;
      const days =
        (d.latest.year - d.earliest.year) * 366 +
        ((d.latest.month ?? 12) - (d.earliest.month ?? 1)) * 31 +
        ((d.latest.day ?? 31) - (d.earliest.day ?? 1));
      return 1 / (1 + Math.max(0, days));
    }
    case 'place':
      return placeParts(value).length;
    default:
      return 0;
  }
}
