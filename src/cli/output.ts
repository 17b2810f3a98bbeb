/**
 * What the CLI prints. Text from case files (names, titles, GEDCOM values) can hold control bytes:
 * an ESC sequence in a name would drive the user's terminal, a carriage return would hide a line.
 * Every line goes out with those escaped as \uXXXX, which stays valid inside JSON strings, so `--json`
 * output parses the same. Newlines and tabs are kept.
 */
// C0 controls but \t and \n, DEL, C1 controls, and the bidirectional overrides (they reorder what is shown).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function escapeControl(text: string): string {
  return text.replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Resolves once everything written so far to the stream has been handed to the OS. */
export function drain(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    if (!stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}
