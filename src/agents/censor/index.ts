export { scanPii, replacePii, type PiiKind, type PiiMatch } from './pii';
export { isLiving, isLivingPersona, generalizePlace, type CensorContext } from './living';
export { redactText, redactPerson, redactRecord, type Redaction } from './redact';
