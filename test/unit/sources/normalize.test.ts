import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { CircuitBreaker } from '../../../src/sources/http/breaker';
import { redactUrl, scrubSecrets } from '../../../src/sources/http/redact';
import { backoffMs, parseRetryAfter } from '../../../src/sources/http/retry-after';
import { queryName } from '../../../src/model/names';
import { isoToGedcom, personaName, qualify, sexOf, wikibaseTime } from '../../../src/sources/normalize';

describe('source normalisation', () => {
  it('turns ISO and WikiTree dates into GEDCOM dates', () => {
    assert.equal(isoToGedcom('1835-11-30'), '30 NOV 1835');
    assert.equal(isoToGedcom('1879-00-00'), '1879');
    assert.equal(isoToGedcom('1856-02-00'), 'FEB 1856');
    assert.equal(isoToGedcom('0000-00-00'), undefined);
    assert.equal(isoToGedcom('2001-05-11T00:00:00Z'), '11 MAY 2001');
    assert.equal(isoToGedcom('abt 1850'), 'abt 1850', 'phrases pass through');
    assert.equal(qualify('1850', 'guess'), 'ABT 1850');
    assert.equal(qualify('1850', 'before'), 'BEF 1850');
    assert.equal(qualify('1850', 'certain'), '1850');
  });

  it('reads Wikibase time values by precision and calendar', () => {
    assert.equal(wikibaseTime('+1952-03-11T00:00:00Z', 11), '11 MAR 1952');
    assert.equal(wikibaseTime('+1952-03-00T00:00:00Z', 10), 'MAR 1952');
    assert.equal(wikibaseTime('+1952-00-00T00:00:00Z', 9), '1952');
    assert.equal(wikibaseTime('+1950-00-00T00:00:00Z', 8), 'BET 1950 AND 1959');
    assert.equal(wikibaseTime('+1801-00-00T00:00:00Z', 7), 'BET 1801 AND 1900');
    assert.equal(
      wikibaseTime('+1600-02-10T00:00:00Z', 11, 'http://www.wikidata.org/entity/Q1985786'),
      '@#DJULIAN@ 10 FEB 1600',
    );
    assert.equal(wikibaseTime('-0406-00-00T00:00:00Z', 9), '406 B.C.');
  });

  it('normalises sexes, names and query names', () => {
    assert.equal(sexOf('Male'), 'M');
    assert.equal(sexOf('http://gedcomx.org/Female'), 'F');
    assert.equal(sexOf('Q6581097'), 'M');
    assert.equal(sexOf(''), undefined);
    assert.equal(personaName('Samuel', 'Clemens'), 'Samuel /Clemens/');
    assert.equal(personaName(undefined, 'Clemens'), '/Clemens/');
    assert.deepEqual(queryName({ name: 'Mary Ann Smith' }), {
      given: 'Mary Ann',
      surname: 'Smith',
      full: 'Mary Ann Smith',
    });
    assert.deepEqual(queryName({ name: 'Johann /Schmidt/' }), {
      given: 'Johann',
      surname: 'Schmidt',
      full: 'Johann Schmidt',
    });
    assert.deepEqual(queryName({ given: 'Ada' }), { given: 'Ada', surname: undefined, full: 'Ada' });
  });
});

describe('HTTP client parts', () => {
  it('redacts credentials from URLs', () => {
    assert.equal(
      redactUrl('https://u:p@api.example.org/x?key=abc&q=Smith&access_token=t'),
      'https://api.example.org/x?key=REDACTED&q=Smith&access_token=REDACTED',
    );
    assert.equal(redactUrl('https://x.org/?appId=ok&sid=1', ['sid']), 'https://x.org/?appId=ok&sid=REDACTED');
    assert.equal(scrubSecrets('bad token abcd1234 here', ['abcd1234']), 'bad token REDACTED here');
  });

  it('parses Retry-After as seconds or an HTTP-date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('120', now), 120_000);
    assert.equal(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now), 0, 'a date in the past means now');
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
  });

  it('backs off exponentially within [cap/2, cap]', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, r) => {
        const cap = Math.min(30_000, 500 * 2 ** attempt);
        const ms = backoffMs(attempt, 500, 30_000, () => r);
        return ms >= Math.floor(cap / 2) && ms <= cap;
      }),
    );
  });

  it('opens after the threshold, half-opens after the cool-down with one trial', () => {
    let now = 0;
    const b = new CircuitBreaker({ now: () => new Date(now), sleep: async () => {} }, 2, 1000);
    assert.equal(b.failure(), false);
    assert.equal(b.failure(), true);
    assert.equal(b.state, 'open');
    assert.equal(b.allow(), false);
    now = 1000;
    assert.equal(b.state, 'half_open');
    assert.equal(b.allow(), true);
    assert.equal(b.allow(), false, 'one trial at a time');
    b.failure();
    assert.equal(b.state, 'open', 'a failed trial re-opens');
    now = 2500;
    assert.equal(b.allow(), true);
    b.success();
    assert.equal(b.state, 'closed');
  });
});
