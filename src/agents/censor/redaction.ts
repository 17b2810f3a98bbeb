/** One thing the Censor removed or generalised, for the compliance log (what, never the value). */
export interface Redaction {
  kind: 'living' | 'pii';
  what: string;
}
