/** Export through the interchange module; the exporters apply the Censor field by field (never to the serialised text). */
import { openCase } from '../case';

export async function exportCase(
  root: string,
  format: 'gedcom' | 'gedcom7' | 'jsonld',
): Promise<{ file: string; note?: string }> {
  const store = await openCase(root);
  const { exportGedcom, exportJsonLd } = await import('../interchange');
  if (format === 'jsonld')
    return { file: await store.writeExport('graph.jsonld', exportJsonLd(store), { censoredByField: true }) };
  const { text, lossReport } = exportGedcom(store, { version: format === 'gedcom' ? '5.5.1' : '7.0' });
  return {
    file: await store.writeExport(format === 'gedcom' ? 'tree.ged' : 'tree7.ged', text, { censoredByField: true }),
    note: lossReport,
  };
}
