/**
 * Which country a region lies in, for places written only down to a region: "Baden" and
 * "Germany", "Illinois" and "USA", "Bavaria" and "Kleinbach, Bavaria, Germany" are one place at
 * different precisions, not a conflict. Historical regions are included the way genealogists write
 * them (Baden, Württemberg, Prussia, Hanover …). A region whose country changed (Silesia,
 * Pomerania, Alsace) lists each country it has belonged to; any of them is compatible.
 *
 * A table, not a gazetteer service: the set of first-order regions is small and stable, and every
 * comparison runs offline. Keys are `fold`ed (lower case, no diacritics, punctuation as spaces).
 */
import { fold } from '../../../model/names';

const GERMANY = ['germany'];
const US = ['usa'];
const UK = ['uk'];

const TABLE: [string[], string[]][] = [
  [
    [
      'baden',
      'wurttemberg',
      'wuerttemberg',
      'baden wurttemberg',
      'bayern',
      'bavaria',
      'preussen',
      'prussia',
      'hessen',
      'hesse',
      'hessen darmstadt',
      'hesse darmstadt',
      'hessen kassel',
      'hesse kassel',
      'hesse cassel',
      'sachsen',
      'saxony',
      'hannover',
      'hanover',
      'westfalen',
      'westphalia',
      'rheinland',
      'rhineland',
      'rheinprovinz',
      'rhine province',
      'pfalz',
      'rheinpfalz',
      'palatinate',
      'mecklenburg',
      'mecklenburg schwerin',
      'mecklenburg strelitz',
      'schleswig holstein',
      'holstein',
      'oldenburg',
      'braunschweig',
      'brunswick',
      'thuringen',
      'thueringen',
      'thuringia',
      'lippe',
      'schaumburg lippe',
      'nassau',
      'waldeck',
      'anhalt',
      'brandenburg',
      'niedersachsen',
      'lower saxony',
      'nordrhein westfalen',
      'north rhine westphalia',
      'rheinland pfalz',
      'rhineland palatinate',
      'saarland',
      'sachsen anhalt',
      'saxony anhalt',
      'mecklenburg vorpommern',
      'hamburg',
      'bremen',
      'lubeck',
      'luebeck',
      'berlin',
    ],
    GERMANY,
  ],
  [['schleswig'], ['germany', 'denmark']],
  [
    ['schlesien', 'silesia', 'pommern', 'pomerania', 'westpreussen', 'west prussia', 'posen', 'poznan'],
    ['germany', 'poland'],
  ],
  [
    ['ostpreussen', 'east prussia'],
    ['germany', 'poland', 'russia'],
  ],
  [
    ['elsass', 'alsace', 'lothringen', 'lorraine', 'elsass lothringen', 'alsace lorraine'],
    ['france', 'germany'],
  ],
  [
    ['bohmen', 'boehmen', 'bohemia', 'mahren', 'maehren', 'moravia'],
    ['austria', 'czech republic', 'czechia'],
  ],
  [
    [
      'tirol',
      'tyrol',
      'steiermark',
      'styria',
      'karnten',
      'kaernten',
      'carinthia',
      'salzburg',
      'vorarlberg',
      'burgenland',
      'niederosterreich',
      'oberosterreich',
      'lower austria',
      'upper austria',
    ],
    ['austria'],
  ],
  [
    ['galizien', 'galicia'],
    ['austria', 'poland', 'ukraine', 'spain'],
  ],
  [['england', 'scotland', 'wales', 'northern ireland'], UK],
  [
    [
      'ontario',
      'quebec',
      'nova scotia',
      'new brunswick',
      'manitoba',
      'british columbia',
      'prince edward island',
      'saskatchewan',
      'alberta',
      'newfoundland',
    ],
    ['canada'],
  ],
  [['new south wales', 'victoria', 'queensland', 'south australia', 'western australia', 'tasmania'], ['australia']],
  [
    [
      'alabama',
      'alaska',
      'arizona',
      'arkansas',
      'california',
      'colorado',
      'connecticut',
      'delaware',
      'florida',
      'georgia',
      'hawaii',
      'idaho',
      'illinois',
      'indiana',
      'iowa',
      'kansas',
      'kentucky',
      'louisiana',
      'maine',
      'maryland',
      'massachusetts',
      'michigan',
      'minnesota',
      'mississippi',
      'missouri',
      'montana',
      'nebraska',
      'nevada',
      'new hampshire',
      'new jersey',
      'new mexico',
      'new york',
      'north carolina',
      'north dakota',
      'ohio',
      'oklahoma',
      'oregon',
      'pennsylvania',
      'rhode island',
      'south carolina',
      'south dakota',
      'tennessee',
      'texas',
      'utah',
      'vermont',
      'virginia',
      'washington',
      'west virginia',
      'wisconsin',
      'wyoming',
      'district of columbia',
    ],
    US,
  ],
];

const COUNTRIES_OF = new Map<string, string[]>();
for (const [regions, countries] of TABLE) for (const r of regions) COUNTRIES_OF.set(fold(r), countries);

/** The countries a region (one folded place component) lies in, or undefined when it is not a known region. */
export function countriesOf(region: string): string[] | undefined {
  return COUNTRIES_OF.get(region);
}

/**
 * A place's components (most specific first, as `placeParts` gives them) completed with the
 * country its last component implies: one variant per possible country, or the place itself when
 * it already ends in a country or its last component is not a known region.
 */
export function withImpliedCountry(parts: string[]): string[][] {
  const last = parts[parts.length - 1];
  const countries = last === undefined ? undefined : countriesOf(last);
  if (!countries) return [parts];
  return countries.map((c) => [...parts, c]);
}
