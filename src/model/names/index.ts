/**
 * Names, one module: folding, splitting, parts (titles, suffixes, placeholders), nicknames and
 * variants, phonetic keys and matching. Pure; sources, engine, agents and hosts import it from here.
 */
export { fold, foldName, nameTokens } from './fold';
export { generationOf, givenTokens, isRegnal, isSuffix, surnameForms } from './parts';
export { splitName, splitPersonaName, splitSubjectName } from './split';
export { canonicalGiven, nicknameMatch } from './nicknames';
export { daitchMokotoffCodes, doubleMetaphone, metaphoneCodes, phoneticKeys, surnameSoundex } from './phonetic';
export { namesAlike } from './match';
