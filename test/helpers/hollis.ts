/**
 * The pension file of William H. Hollis (57th Ohio, died 1880), as the identity tests of issue #14
 * read it record by record: the Analyst with him as the case's subject, and his widow's 1881
 * declaration with the persons and words each test needs. One builder for the tests that share it.
 */
import type { SourceRecord } from '../../src/model';
import { archiveSource } from './archive-source';
import { stagedSubject, testAnalyst, TEST_NOW } from './analyst';

/** The Analyst of a case whose subject is William H. Hollis, born about 1839 (`P-subject`). */
export function hollisAnalyst(): ReturnType<typeof testAnalyst> {
  return testAnalyst([stagedSubject({ given: 'William H.', surname: 'Hollis', born: 'ABT 1839' })], 'P-subject');
}

/** YAML lines as written, their indentation kept: only blank lines around them go. */
const block = (yaml: string) => yaml.replace(/^\s*\n/, '').trimEnd();

/** Sarah A. Hollis's declaration for a widow's pension, 14 March 1881: `persons` and `body` as YAML and text. */
export function widowsDeclaration1881(persons: string, body: string, relationships = ''): SourceRecord {
  return archiveSource(
    `---
title: Declaration for widow's pension, Sarah A. Hollis, 1881
recordType: military
date: 14 MAR 1881
place: Findlay, Hancock, Ohio, USA
persons:
${block(persons)}
${block(relationships) ? `relationships:\n${block(relationships)}\n` : ''}---
${body.trim()}
`,
    TEST_NOW,
  );
}

/** Their marriage of 8 November 1866: William H. Hollis (P1) and Sarah A. Kimble (P2), with `more` persons. */
export function marriage1866(body: string, more = ''): SourceRecord {
  return archiveSource(
    `---
title: Marriage of William H. Hollis and Sarah A. Kimble, 1866
recordType: marriage
date: 8 NOV 1866
place: Findlay, Hancock, Ohio, USA
persons:
  - key: P1
    name: William H. /Hollis/
    role: groom
    sex: M
  - key: P2
    name: Sarah A. /Kimble/
    role: bride
    sex: F
${block(more) ? `${block(more)}\n` : ''}relationships:
  - { from: P1, to: P2, type: spouse }
---
${body.trim()}
`,
    TEST_NOW,
  );
}
