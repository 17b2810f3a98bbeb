/**
 * Entry of dist/people-worker.js: the People directory (directory.ts) in a worker thread. The host
 * (client.ts) sends {id, method, args}; the worker answers {id, result} or {id, error}. Opening a
 * 100k-person case (loading its tree index, or building it from the tree file the first time) and
 * every page, search and lookup run here, never on the extension host's thread.
 */
import { parentPort } from 'node:worker_threads';
import { z } from 'zod';
import { Generations } from '../../protocol/pedigree';
import { PeopleDirectory } from './directory';

const Request = z.object({
  id: z.number(),
  method: z.enum([
    'open',
    'page',
    'search',
    'relatives',
    'locate',
    'subject',
    'chart',
    'saveChart',
    'persons',
    'family',
    'neighbourhood',
    'personPage',
  ]),
  args: z.array(z.unknown()),
});

let directory: Promise<PeopleDirectory> | undefined;

async function answer(method: z.infer<typeof Request>['method'], args: unknown[]): Promise<unknown> {
  if (method === 'open') {
    directory = PeopleDirectory.open(z.string().parse(args[0]));
    await directory;
    return null;
  }
  if (!directory) throw new Error('no case is open');
  const d = await directory;
  switch (method) {
    case 'page':
      return d.page(
        z
          .object({
            surname: z.string().optional(),
            given: z.string().optional(),
            bornFrom: z.number().optional(),
            bornTo: z.number().optional(),
            place: z.string().optional(),
            living: z.boolean().optional(),
            conflicts: z.boolean().optional(),
          })
          .parse(args[0]),
        z.number().int().min(0).parse(args[1]),
        z.number().int().min(1).max(10_000).parse(args[2]),
      );
    case 'search':
      return d.search(z.string().parse(args[0]), z.number().int().min(1).max(1000).parse(args[1]));
    case 'relatives':
      return d.relatives(z.string().parse(args[0]));
    case 'locate':
      return d.locate(z.string().parse(args[0])) ?? null;
    case 'personPage':
      return d.personPage(z.string().parse(args[0])) ?? null;
    case 'subject':
      return d.subject ?? null;
    case 'saveChart':
      return d.saveChart(
        z.string().min(1).parse(args[0]),
        z.string().parse(args[1]),
        z.enum(['svg', 'pdf']).optional().parse(args[2]),
        z.string().optional().parse(args[3]),
      );
    case 'chart':
      return (
        d.chart(
          z.string().parse(args[0]),
          Generations.parse(args[1]),
          z.object({ thresholdYears: z.number(), consent: z.boolean() }).parse(args[2]),
        ) ?? null
      );
    case 'persons':
      return d.persons(z.array(z.string()).max(10_000).parse(args[0]));
    case 'family':
      return d.family(z.string().parse(args[0])) ?? null;
    case 'neighbourhood':
      return d.neighbourhood(
        z.string().parse(args[0]),
        z
          .object({
            ancestors: z.number().int().min(0).max(64).optional(),
            descendants: z.number().int().min(0).max(64).optional(),
            spouses: z.boolean().optional(),
            limit: z.number().int().min(1).max(10_000).optional(),
          })
          .parse(args[1] ?? {}),
      );
  }
}

parentPort?.on('message', (raw: unknown) => {
  const m = Request.safeParse(raw);
  if (!m.success) return;
  answer(m.data.method, m.data.args).then(
    (result) => parentPort?.postMessage({ id: m.data.id, result }),
    (e: unknown) => parentPort?.postMessage({ id: m.data.id, error: e instanceof Error ? e.message : String(e) }),
  );
});
