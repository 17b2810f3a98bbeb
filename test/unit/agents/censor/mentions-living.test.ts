/**
 * Whether a text names a living person decides whether its modern exact dates are redacted. The
 * look-up is indexed (first word, then length) for speed on 100 MB files; it must answer exactly
 * what the plain rule says: some living name, whose first word is a word of the text, occurs in it.
 */
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { redactText } from '../../../../src/agents/censor';

const now = new Date('2026-01-01T00:00:00Z');
const DATE = '3 March 1990';

function plainRule(text: string, names: string[]): boolean {
  const lower = text.toLowerCase();
  const words = new Set(lower.split(/[^\p{L}\p{N}'-]+/u));
  return names.some((raw) => {
    const name = raw.trim().toLowerCase();
    const first = name.split(/[^\p{L}\p{N}'-]+/u)[0];
    return name.length > 2 && !!first && words.has(first) && lower.includes(name);
  });
}

const word = fc.constantFrom('ann', 'anna', 'lee', 'joann', 'leeds', 'smith', 'de', 'la', 'Ann', 'LEE', 'jo');
const sep = fc.constantFrom(' ', '  ', ', ', '-', "'", '\n', '.');
const phrase = fc
  .array(fc.tuple(word, sep), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.map(([w, s]) => w + s).join(''));
const name = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .chain((ws) => fc.constantFrom(' ', '-', '  ').map((s) => ws.join(s)));

describe('censor: a living name in free text', () => {
  it('finds a living name exactly where the plain substring rule does', () => {
    fc.assert(
      fc.property(phrase, fc.array(name, { maxLength: 8 }), (text, names) => {
        const t = `${text} born ${DATE}`;
        const redacted = redactText(t, { now, thresholdYears: 100, consent: false, livingNames: names }).text !== t;
        assert.equal(redacted, plainRule(t, names), JSON.stringify({ t, names }));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds a name inside a long text and past earlier near-misses', () => {
    const names = Array.from({ length: 3000 }, (_, i) => `john smith${i}`);
    const text = `${'john smith, john smyth; '.repeat(20_000)} and john smith2999 on ${DATE}`;
    assert.notEqual(redactText(text, { now, thresholdYears: 100, consent: false, livingNames: names }).text, text);
    const none = text.replace('smith2999', 'smyth2999');
    assert.equal(redactText(none, { now, thresholdYears: 100, consent: false, livingNames: names }).text, none);
  });
});
