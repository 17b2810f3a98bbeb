export { scanPii, replacePii, type PiiKind, type PiiMatch } from './pii';
export { isLiving, isLivingPersona, generalizePlace, type CensorContext } from './living';
export { redactPerson, redactRecord, DATE_WITHHELD, PLACE_WITHHELD } from './redact';
export { redactText, withoutPostalCodes } from './redact-text';
export type { Redaction } from './redaction';
export { widenDate, dateIdentifies, reducePlaceLevels, placeText } from './fields';
