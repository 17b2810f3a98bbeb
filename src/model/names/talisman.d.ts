// talisman ships CommonJS without type declarations; these are the few entry points used here.
declare module 'talisman/metrics/jaro-winkler' {
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
declare module 'talisman/metrics/damerau-levenshtein' {
  const damerauLevenshtein: (a: string, b: string) => number;
  export default damerauLevenshtein;
}
declare module 'talisman/phonetics/daitch-mokotoff' {
  const daitchMokotoff: (name: string) => string[];
  export default daitchMokotoff;
}
declare module 'talisman/phonetics/double-metaphone' {
  const doubleMetaphone: (word: string) => [string, string];
  export default doubleMetaphone;
}
