/**
 * Credentials never reach logs, cache files, citations or prompts: every URL the client reports
 * goes through redactUrl first.
 */
const SECRET_PARAMS =
  /^(key|api_?key|apikey|access_?token|token|auth|authorization|password|passwd|secret|client_secret|session|sessionid|sig|signature|username)$/i;

export function redactUrl(url: string | URL, extraSecretParams: readonly string[] = []): string {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    return '[unparseable URL]';
  }
  u.username = '';
  u.password = '';
  const extra = new Set(extraSecretParams.map((p) => p.toLowerCase()));
  for (const name of [...u.searchParams.keys()]) {
    if (SECRET_PARAMS.test(name) || extra.has(name.toLowerCase())) u.searchParams.set(name, 'REDACTED');
  }
  return u.toString();
}

/** Removes any occurrence of the given secret values from free text (error messages, bodies). */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('REDACTED');
  return out;
}
