export { ArchiveConnector, createArchiveConnector, withCaseArchive, type ArchiveConnectorOptions } from './connector';
export { parseArchiveRecord, ArchiveFrontMatter, ARCHIVE_SOURCE_ID } from './record';
export { ArchiveSearchIndex, personaBirthRange, type ArchiveHit } from './search-index';
export { archiveProblems, describeArchiveProblems } from './problems';
export { listArchiveFiles } from './files';
export type { ArchiveParse } from './record';
