/** GEDCOM 5.5.1/7 import and export, JSON-LD export (DESIGN.md "interchange"). */
export { importGedcom, readGedcomBytes, TREE_THRESHOLD, type ImportOptions, type ImportResult } from './gedcom/import';
export { exportGedcom, type ExportOptions, type ExportResult, type GedcomVersion } from './gedcom/export';
export { GedcomSyntaxError } from './gedcom/parse';
export { exportJsonLd, offlineDocumentLoader, SCHEMA_ORG_CONTEXT, isoDateOrRange } from './jsonld';
