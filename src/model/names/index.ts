/**
 * Names, one module: folding, splitting, parts (titles, suffixes, placeholders), nicknames and
 * variants, phonetic keys and matching. Pure; sources, engine, agents and hosts import it from here.
 */
export { fold, foldName, foldWords, latinLetters, nameTokens, nameWords, unaccented } from './fold';
export { generationOf, givenTokens, isRegnal, isSuffix, surnameForms } from './parts';
export { queryName, splitName, splitPersonaName, splitSubjectName, type QueryName } from './split';
export { canonicalGiven, nicknameMatch } from './nicknames';
export { daitchMokotoffCodes, doubleMetaphone, metaphoneCodes, phoneticKeys, surnameSoundex } from './phonetic';
export { namesAlike } from './match';
export { isNordicPatronymic, nordicPatronymic, patronymicsAlike } from './patronymic';
export { apSurnameFathers, apSurnameOf } from './welsh';
export { surnameRootKey } from './slavic-surnames';
