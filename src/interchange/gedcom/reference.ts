/**
 * The `gedcom` npm package (Tom MacWright's parser): the reference our own parser must match in
 * tests, and the baseline the benchmark measures against. It ships no type declarations, so its
 * output is typed here at the boundary.
 */
import { createRequire } from 'node:module';

export interface ReferenceNode {
  type: string;
  data?: { value?: string; xref_id?: string; pointer?: string; custom_tag?: boolean; formal_name?: string };
  children: ReferenceNode[];
}

const load = createRequire(__filename);

export function referenceParse(text: string): ReferenceNode {
  const mod = load('gedcom') as { parse(input: string): ReferenceNode };
  return mod.parse(text);
}
