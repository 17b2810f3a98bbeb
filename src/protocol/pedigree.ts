/** Messages of the pedigree panel (webview/pedigree). */
import { z } from 'zod';

export const PedigreeSex = z.enum(['M', 'F', 'U', 'X']);

/** One box of the chart. `ref` marks a person already drawn elsewhere (endogamy, pedigree collapse). */
export interface PedigreeTreeNode {
  id: string;
  name: string;
  lifespan: string;
  sex: 'M' | 'F' | 'U' | 'X';
  living: boolean;
  ref: boolean;
  children: PedigreeTreeNode[];
}

export const PedigreeTreeNode: z.ZodType<PedigreeTreeNode> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    name: z.string(),
    lifespan: z.string(),
    sex: PedigreeSex,
    living: z.boolean(),
    ref: z.boolean(),
    children: z.array(PedigreeTreeNode),
  }),
);

export const Generations = z.object({ up: z.number().int().min(0).max(30), down: z.number().int().min(0).max(30) });
export type Generations = z.infer<typeof Generations>;

export const PedigreeView = z.object({
  rootId: z.string().min(1),
  generations: Generations,
  /** Root plus its ancestors: a node's children are its parents. */
  ancestors: PedigreeTreeNode,
  /** Root plus its descendants: a node's children are its children. */
  descendants: PedigreeTreeNode,
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
  z.object({ type: z.literal('rendered'), rootId: z.string(), boxes: z.number().int().min(0) }),
  z.object({ type: z.literal('openPerson'), id: z.string().min(1) }),
  z.object({ type: z.literal('setRoot'), id: z.string().min(1) }),
  z.object({ type: z.literal('setGenerations'), generations: Generations }),
]);
export type PedigreeFromWebview = z.infer<typeof PedigreeFromWebview>;

/** What `getState/setState` keeps in the webview and the serializer revives. */
export const PedigreeState = z.object({ rootId: z.string().min(1).optional(), generations: Generations.optional() });
export type PedigreeState = z.infer<typeof PedigreeState>;
