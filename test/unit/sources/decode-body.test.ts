import assert from 'node:assert/strict';
import { boundedFetch } from '../../../src/sources/http/bounded-fetch';
import { declaredCharset, decodeBody } from '../../../src/sources/http/decode-body';

/** "Müller, Zoë" as ISO-8859-1 bytes: ü is 0xFC, ë is 0xEB. */
const LATIN1 = Buffer.from('<p>Müller, Zoë</p>', 'latin1');

describe('an answer read in the charset it declares', () => {
  it('takes the charset of the Content-Type, else of a page’s <meta>, else UTF-8', () => {
    assert.equal(declaredCharset(LATIN1, 'text/html; charset=ISO-8859-1'), 'iso-8859-1');
    const meta = Buffer.from('<html><head><meta charset="windows-1252"><title>x</title>', 'latin1');
    assert.equal(declaredCharset(meta, 'text/html'), 'windows-1252');
    const equiv = Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">', 'latin1');
    assert.equal(declaredCharset(equiv, undefined), 'iso-8859-1');
    assert.equal(declaredCharset(Buffer.from('{"a":1}'), 'application/json'), undefined);
  });

  it('reads "Müller" from ISO-8859-1 bytes, UTF-8 as before, and an unknown charset as UTF-8', () => {
    assert.equal(decodeBody(LATIN1, 'text/html; charset=ISO-8859-1'), '<p>Müller, Zoë</p>');
    assert.equal(decodeBody(Buffer.from('<p>Müller</p>', 'utf8'), 'text/html'), '<p>Müller</p>');
    assert.equal(decodeBody(Buffer.from('{"n":"Müller"}', 'utf8'), 'application/json'), '{"n":"Müller"}');
    assert.equal(decodeBody(Buffer.from('Müller', 'utf8'), 'text/plain; charset=x-no-such'), 'Müller');
  });

  it('gives the decoded text through the bounded fetch every source request goes through', async () => {
    const fake = (async () =>
      new Response(LATIN1, {
        status: 200,
        headers: { 'content-type': 'text/html; charset=iso-8859-1' },
      })) as typeof fetch;
    const answer = await boundedFetch(fake, new URL('http://127.0.0.1/page'), {}, undefined, 'test', {
      maxBytes: 10_000,
      timeoutMs: 5_000,
      maxRedirects: 0,
      refuseRedirect: () => undefined,
    });
    assert.equal(answer.body, '<p>Müller, Zoë</p>');
  });
});
