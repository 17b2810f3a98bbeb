export { scanPii, replacePii, type PiiKind, type PiiMatch } from './pii';
export { isLiving, isLivingPersona, generalizePlace, type CensorContext } from './living';
export { redactText, redactPerson, redactRecord, DATE_WITHHELD, PLACE_WITHHELD, type Redaction } from './redact';
export { widenDate, dateIdentifies, reducePlaceLevels, placeText } from './fields';
