import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const script = join(__dirname, '..', '..', 'documents', 'extension-host-navigator.ts');
function run(...args: string[]): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['-r', 'tsx/cjs', script, ...args], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
}

describe('documents: PDFs are read inside VS Code’s extension host', function () {
  this.timeout(120_000);

  it('pdf.js cannot load under the host’s getter-only navigator by itself', () => {
    const r = run('--bare');
    assert.equal(r.ok, false);
    assert.match(String(r.error), /navigator/);
  });

  it('with the globals lent for each pdf.js call, text and page images are read and the host’s navigator is restored', () => {
    assert.deepEqual(run(), { ok: true, pages: 2, images: 1, restored: true, reads: 0 });
  });
});
