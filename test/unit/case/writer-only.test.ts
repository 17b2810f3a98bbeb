import { strict as assert } from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../helpers/paths';

/**
 * Only the case writer may write into a case folder. Statically: no module under src/ other than
 * src/case/writer.ts imports a file-writing API (node:fs write functions, write-file-atomic) or
 * writes through VS Code's file system API.
 */
const WRITE_FNS = [
  'writeFile',
  'writeFileSync',
  'appendFile',
  'appendFileSync',
  'rename',
  'renameSync',
  'mkdir',
  'mkdirSync',
  'rm',
  'rmSync',
  'rmdir',
  'rmdirSync',
  'unlink',
  'unlinkSync',
  'copyFile',
  'copyFileSync',
  'cp',
  'cpSync',
  'createWriteStream',
  'truncate',
  'truncateSync',
  'open',
  'openSync',
  'symlink',
  'symlinkSync',
  'mkdtemp',
  'mkdtempSync',
];
const ALLOWED = new Set(['src/case/writer.ts']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

export function writeViolations(file: string, text: string): string[] {
  const found: string[] = [];
  const fsImport = /import\s+(?:\*\s+as\s+(\w+)|(\w+)|\{([^}]*)\})\s+from\s+['"](?:node:)?fs(?:\/promises)?['"]/g;
  for (const m of text.matchAll(fsImport)) {
    if (m[3]) {
      for (const name of m[3].split(',').map((s) =>
        s
          .trim()
          .split(/\s+as\s+/)[0]
          .trim(),
      ))
        if (WRITE_FNS.includes(name)) found.push(`${file}: imports ${name} from fs`);
    }
    const ns = m[1] ?? m[2];
    if (ns)
      for (const fn of WRITE_FNS)
        if (new RegExp(`\\b${ns}\\.(?:promises\\.)?${fn}\\(`).test(text)) found.push(`${file}: calls ${ns}.${fn}`);
  }
  if (
    /require\(['"](?:node:)?fs(?:\/promises)?['"]\)/.test(text) &&
    WRITE_FNS.some((fn) => new RegExp(`\\.${fn}\\(`).test(text))
  )
    found.push(`${file}: requires fs and calls a write function`);
  if (/from\s+['"]write-file-atomic['"]/.test(text)) found.push(`${file}: imports write-file-atomic`);
  if (/workspace\.fs\.(writeFile|delete|rename|copy|createDirectory)\(/.test(text))
    found.push(`${file}: writes through vscode.workspace.fs`);
  return found;
}

describe('the case writer is the only writer', () => {
  it('no module under src/ but src/case/writer.ts uses a file-writing API', () => {
    const violations = sources(join(REPO_ROOT, 'src'))
      .map((f) => relative(REPO_ROOT, f))
      .filter((f) => !ALLOWED.has(f))
      .flatMap((f) => writeViolations(f, readFileSync(join(REPO_ROOT, f), 'utf8')));
    assert.deepEqual(violations, []);
  });

  it('the detector catches each way of writing (so the test above can fail)', () => {
    assert.equal(writeViolations('a.ts', "import { writeFileSync } from 'node:fs';").length, 1);
    assert.equal(writeViolations('a.ts', "import * as fs from 'fs';\nfs.promises.writeFile('x', '')").length, 1);
    assert.equal(writeViolations('a.ts', "import fs from 'node:fs/promises';\nawait fs.rename('a','b')").length, 1);
    assert.equal(writeViolations('a.ts', "import writeFileAtomic from 'write-file-atomic';").length, 1);
    assert.equal(writeViolations('a.ts', 'await vscode.workspace.fs.writeFile(uri, bytes)').length, 1);
    assert.equal(writeViolations('a.ts', "import { readFileSync } from 'node:fs';").length, 0);
  });
});
