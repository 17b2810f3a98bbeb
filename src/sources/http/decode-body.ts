/**
 * The text of an answer's bytes in the charset it declares: the Content-Type's `charset`, else (a web
 * page) the `<meta charset>` of its first kilobyte, else UTF-8. Many genealogy sites still serve
 * ISO-8859-1 or windows-1252 pages, whose "Müller" read as UTF-8 would be "M�ller".
 */
import iconv from 'iconv-lite';

const META_CHARSET = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The charset a Content-Type or a page's head declares, lower-cased; undefined when none does. */
export function declaredCharset(bytes: Uint8Array, contentType?: string): string | undefined {
  const header = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  if (header) return header.toLowerCase();
  if (contentType && !/html|xml/i.test(contentType)) return undefined;
  // The head is ASCII whatever the page's charset: read it byte for byte.
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return META_CHARSET.exec(head)?.[1]?.toLowerCase();
}

export function decodeBody(bytes: Uint8Array, contentType?: string): string {
  const charset = declaredCharset(bytes, contentType);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!charset || charset === 'utf-8' || charset === 'utf8' || !iconv.encodingExists(charset))
    return buf.toString('utf8');
  return iconv.decode(buf, charset);
}
