import { main } from '../../src/cli/main';

/** Runs the CLI in-process and captures what it writes (the dispatcher writes through the process streams). */
export async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const o = process.stdout.write.bind(process.stdout);
  const e = process.stderr.write.bind(process.stderr);
  process.stdout.write = (s: string | Uint8Array) => ((out += String(s)), true);
  process.stderr.write = (s: string | Uint8Array) => ((err += String(s)), true);
  try {
    const code = await main(args);
    return { code, out, err };
  } finally {
    process.stdout.write = o;
    process.stderr.write = e;
  }
}
