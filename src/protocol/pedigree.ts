/** Messages of the pedigree panel (webview/pedigree): a family-aware chart of one person. */
import { z } from 'zod';

export const PedigreeSex = z.enum(['M', 'F', 'U', 'X']);

/** An event as the box shows it: the date as recorded (full, not just the year) and its place. */
export const ChartEvent = z.object({ date: z.string().optional(), place: z.string().optional() });
export type ChartEvent = z.infer<typeof ChartEvent>;

/**
 * One person as the chart draws them (each person once per view, in `persons`). A living person
 * arrives redacted ("Living Smith", no dates or places) unless the case has consent.
 */
export const ChartPerson = z.object({
  id: z.string().min(1),
  name: z.string(),
  sex: PedigreeSex,
  living: z.boolean(),
  birth: ChartEvent.optional(),
  death: ChartEvent.optional(),
  /** Distinct sources cited by the person's facts and relationships. */
  sources: z.number().int().min(0),
  /** Open conflicts on the person. */
  conflicts: z.number().int().min(0),
  /** Facts staged (waiting for evidence or a decision). */
  staged: z.number().int().min(0),
});
export type ChartPerson = z.infer<typeof ChartPerson>;

/**
 * An ancestor's slot: `id` absent is an unknown parent (an empty slot to research). `ref` marks a
 * person already drawn elsewhere in this chart (pedigree collapse): never expanded again, linked to
 * the first box. `more` says the person has parents beyond the generation window.
 */
export interface AncestorNode {
  id?: string;
  role: 'subject' | 'father' | 'mother' | 'parent';
  ref?: boolean;
  more?: boolean;
  /** An ancestor's other spouses (not the co-parent in this chart), each in `persons`. */
  otherSpouses?: string[];
  parents: AncestorNode[];
}
export const AncestorNode: z.ZodType<AncestorNode> = z.lazy(() =>
  z.object({
    id: z.string().min(1).optional(),
    role: z.enum(['subject', 'father', 'mother', 'parent']),
    ref: z.boolean().optional(),
    more: z.boolean().optional(),
    otherSpouses: z.array(z.string().min(1)).max(20).optional(),
    parents: z.array(AncestorNode),
  }),
);

/** A person's family in the descendants tree: the other parent (when known) and their children. */
export interface FamilyNode {
  spouse?: string;
  spouseRef?: boolean;
  children: DescendantNode[];
}
/** A descendant: their families (spouses with their children); `more` = children beyond the window. */
export interface DescendantNode {
  id: string;
  ref?: boolean;
  more?: boolean;
  families: FamilyNode[];
}
export const DescendantNode: z.ZodType<DescendantNode> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    ref: z.boolean().optional(),
    more: z.boolean().optional(),
    families: z.array(
      z.object({
        spouse: z.string().min(1).optional(),
        spouseRef: z.boolean().optional(),
        children: z.array(DescendantNode),
      }),
    ),
  }),
);

export const Generations = z.object({ up: z.number().int().min(0).max(30), down: z.number().int().min(0).max(30) });
export type Generations = z.infer<typeof Generations>;

export const ChartKind = z.enum(['pedigree', 'fan', 'descendants']);
export type ChartKind = z.infer<typeof ChartKind>;

export const PedigreeView = z.object({
  rootId: z.string().min(1),
  generations: Generations,
  persons: z.record(z.string(), ChartPerson),
  /** The root and its ancestors. */
  ancestors: AncestorNode,
  /** The root, their spouses and descendants. */
  descendants: DescendantNode,
  stats: z.object({ persons: z.number().int(), refs: z.number().int(), truncated: z.boolean() }),
});
export type PedigreeView = z.infer<typeof PedigreeView>;

export const PedigreeToWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('render'), view: PedigreeView }),
  z.object({ type: z.literal('empty'), message: z.string() }),
]);
export type PedigreeToWebview = z.infer<typeof PedigreeToWebview>;

export const PedigreeFromWebview = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Acknowledges a render with what was drawn: lets tests prove the round trip. */
  z.object({
    type: z.literal('rendered'),
    rootId: z.string(),
    boxes: z.number().int().min(0),
    /** How long the webview took to lay out and draw (printed by tests, never asserted). */
    ms: z.number().min(0).optional(),
  }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
  z.object({ type: z.literal('setRoot'), id: z.string().min(1) }),
  z.object({ type: z.literal('setGenerations'), generations: Generations }),
  /** Jump to a person: the host asks with a quick pick over the whole case. */
  z.object({ type: z.literal('pick') }),
  /** Saves the chart as drawn (already redacted) to a file the user chooses: the SVG, or it drawn as a PDF by the host. */
  z.object({
    type: z.literal('export'),
    format: z.enum(['svg', 'pdf']),
    /** Which chart it is (names the file and the PDF's title). */
    chart: ChartKind.optional(),
    content: z.string().max(20_000_000),
  }),
]);
export type PedigreeFromWebview = z.infer<typeof PedigreeFromWebview>;

/** What `getState/setState` keeps in the webview and the serializer revives. */
export const PedigreeState = z.object({
  rootId: z.string().min(1).optional(),
  generations: Generations.optional(),
  focusId: z.string().min(1).optional(),
  chart: ChartKind.optional(),
});
export type PedigreeState = z.infer<typeof PedigreeState>;
