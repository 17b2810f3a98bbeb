/**
 * When civil registration of births, marriages and deaths began, by place: a next step must fit
 * the place and the period (issue 14). Before these years the parish registers are the record of
 * a birth, a marriage or a death; suggesting a civil certificate there sends the researcher to a
 * record that does not exist. Years are the general start of state registration (regional
 * exceptions such as the French-ruled left bank of the Rhine, 1798, are listed where they matter).
 * Keys are folded place parts, matched from the most specific part to the country.
 */
import { fold } from '../../../model/names';
import { placeParts } from '../resolve/places';
import { countriesOf } from './regions';

const STARTS: Record<string, number> = {
  // German states: the Empire's law of 1875 took effect on 1 January 1876 (Prussia 1 October 1874).
  germany: 1876,
  bavaria: 1876,
  bayern: 1876,
  wurttemberg: 1876,
  wuerttemberg: 1876,
  saxony: 1876,
  sachsen: 1876,
  prussia: 1874,
  preussen: 1874,
  westphalia: 1874,
  westfalen: 1874,
  hanover: 1874,
  hannover: 1874,
  baden: 1870,
  rheinpfalz: 1798,
  pfalz: 1798,
  palatinate: 1798,
  rheinland: 1798,
  rhineland: 1798,
  'rhine province': 1798,
  rheinprovinz: 1798,
  // Elsewhere in Europe.
  england: 1837,
  wales: 1837,
  scotland: 1855,
  ireland: 1864,
  netherlands: 1811,
  belgium: 1796,
  france: 1792,
  luxembourg: 1796,
  italy: 1866,
  switzerland: 1876,
  austria: 1938,
  denmark: 1968,
  norway: 1919,
  sweden: 1991,
  finland: 1917,
  // United States: statewide registration of births and deaths (counties sometimes earlier).
  massachusetts: 1841,
  'new york': 1880,
  'new jersey': 1848,
  pennsylvania: 1906,
  ohio: 1908,
  illinois: 1916,
  indiana: 1907,
  michigan: 1867,
  wisconsin: 1907,
  missouri: 1910,
  iowa: 1880,
  minnesota: 1900,
  texas: 1903,
  california: 1905,
};

/** The year civil registration began at this place, from its most specific known part; undefined when unknown. */
export function civilRegistrationStart(place: string | undefined): number | undefined {
  const parts = placeParts(place).map((p) => fold(p));
  for (const part of parts) if (STARTS[part] !== undefined) return STARTS[part];
  // A region the table lacks, but whose country it knows ("Hessen" → Germany).
  for (const part of parts) {
    const countries = countriesOf(part);
    const years = (countries ?? []).map((c) => STARTS[c]).filter((y): y is number => y !== undefined);
    if (years.length) return Math.min(...years);
  }
  return undefined;
}
