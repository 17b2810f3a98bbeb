/**
 * The Censor applied to an export field by field, by what the field means: free text (notes,
 * transcriptions, source text) through the PII patterns one value at a time; identifiers (phone,
 * e-mail, identity numbers) withheld whole; dates, places and names never scanned as text (a
 * living person's are generalised on the model, before they are written).
 */
import { redactText, scanPii, type CensorContext } from '../../agents/censor';

/** Tags whose values are free text a person wrote. */
export const FREE_TEXT_TAGS = new Set([
  'NOTE',
  'SNOTE',
  'TEXT',
  'PAGE',
  'CAUS',
  'AGNC',
  'COMM',
  '_COMM',
  '_TEXT',
  'ABST',
]);

/** Tags whose whole value is a personal identifier: withheld, never half-masked. */
export const IDENTIFIER_TAGS = new Set(['PHON', 'EMAIL', 'FAX', 'SSN', '_SSN', '_EMAIL', '_PHON']);

/** Free text with its PII removed; what was removed, as loss-report kinds. */
export function censorTextField(text: string, ctx: CensorContext): { text: string; redactions: string[] } {
  const r = redactText(text, ctx);
  if (r.text === text) return { text, redactions: [] };
  return {
    text: r.text,
    redactions: r.redactions.map((x) =>
      x.kind === 'pii' ? `${x.what} removed from free text` : `${x.what} in free text generalised`,
    ),
  };
}

/** Whether an identifier line must go: any for a living person, else when it holds a phone, e-mail or SSN. */
export function withholdIdentifier(value: string, ctx: CensorContext): boolean {
  if (ctx.consent) return false;
  return Boolean(ctx.aboutLiving) || scanPii(value).some((m) => m.kind !== 'street_address');
}

/** A Censor redaction of a person's fields as a loss-report kind ("birth.date widened …" → "dates widened …"). */
export function privacyKind(what: string): string {
  if (/\.date widened/.test(what))
    return 'dates widened to whole decades (BET … AND …), or a vague date’s day and month left out (each still holds the original)';
  if (/\.date withheld/.test(what)) return 'dates withheld (no year to widen from; DATE line left out)';
  if (/\.place withheld/.test(what)) return 'places withheld (nothing above street level; PLAC line left out)';
  if (/reduced to region and country/.test(what))
    return 'places reduced to region and country (jurisdiction levels kept, finer ones empty)';
  return what;
}
