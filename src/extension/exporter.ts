/** Export through the interchange module; the case writer applies the Censor's export rules. */
import { openCase } from '../case';

export async function exportCase(root: string, format: 'gedcom' | 'gedcom7' | 'jsonld'): Promise<{ file: string; note?: string }> {
  const store = await openCase(root);
  const { exportGedcom, exportJsonLd } = await import('../interchange');
  if (format === 'jsonld') return { file: await store.writeExport('graph.jsonld', exportJsonLd(store)) };
  const { text, lossReport } = exportGedcom(store, { version: format === 'gedcom' ? '5.5.1' : '7.0' });
  return { file: await store.writeExport(format === 'gedcom' ? 'tree.ged' : 'tree7.ged', text), note: lossReport };
}
