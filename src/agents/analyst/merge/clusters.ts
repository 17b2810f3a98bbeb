/**
 * Reversible merges through the case store (DESIGN.md: merges.json + git-diffable files).
 *
 * accept: the exact bytes of every file the merge will change are copied to
 *   merges/<cluster-id>/files/<path> with a manifest (merges/<cluster-id>/manifest.json), then the
 *   canonical person is written, relatives are re-pointed, absorbed person files are removed (a
 *   tree-resident member is removed from its tree file), open proposals that named an absorbed
 *   person follow it to the canonical one (re-scored), and the cluster becomes "accepted". The
 *   manifest is written before any file changes, so an accept killed part-way is recoverable.
 * undo: every snapshotted file is restored byte for byte, files the merge created are removed and
 *   the proposals are put back; refused when a file changed after the merge (the user's later edit
 *   would be lost) unless forced.
 * reject: remembered as "not the same person" with the user's reason; never proposed again.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { Id, MergeCluster, MergesFile, Person, type NotSamePerson } from '../../../model';
import type { CaseStore } from '../../../engine/ports';
import {
  DEFAULT_THRESHOLDS,
  FeatureSource,
  sureFeatureSource,
  featuresOfPerson,
  fullName,
  pairKey,
  scorePair,
  ScoringContext,
  searchDuplicateFeatures,
  withRelativeNames,
  type DuplicateProposal,
  type FindDuplicatesOptions,
  type PairScore,
  type PersonFeatures,
} from '../resolve';
import { combinePersons, keptValue, repointRelationships, type KeepChoices } from './combine';
import { contextOfText, idOfLine, PLAIN, readTreeLine } from '../../../case/tree-format';
import { CONFLICTS_DIR } from '../../../case/layout';
import { conflictsBroughtTogether } from '../conflicts/brought-together';
import { conflictResolutionEntry } from '../conflicts/log-entry';

/** What merges need beyond the CaseStore port (FileCaseStore provides all of it). */
export interface MergeStore extends CaseStore {
  /** Exact bytes of a case file, or undefined when it does not exist. */
  readRaw(rel: string): Uint8Array | undefined;
  /** Writes exact bytes through the case writer (used for snapshots and undo). */
  restoreFile(rel: string, bytes: Uint8Array): Promise<void>;
  /** `people/<id>-<slug>.md`, or `trees/<name>.jsonl` for a person only in an imported tree. */
  personFile(id: string): string | undefined;
  personBody?(id: string): string | undefined;
  writePerson(person: Person, body?: string): Promise<void>;
  /** Removes a case file the merge created (a conflict file, on undo). */
  removeFile(rel: string): Promise<void>;
  load?(): unknown;
  /** Every person once with the file it lives in, streamed (FileCaseStore); else persons() is read. */
  eachPerson?(
    schema: typeof FeatureSource,
    sure?: typeof sureFeatureSource,
  ): Iterable<{ person: FeatureSource; file: string }>;
  /** Changes when a person file or a tree changes: a stored search of an unchanged case is reused. */
  fingerprint?(): string;
}

export class MergeError extends Error {}

const ManifestEntry = z.object({
  path: z.string(),
  personId: Id.optional(),
  /** Did the file exist before the merge? If so its bytes are in `snapshot`. */
  existed: z.boolean(),
  snapshot: z.string().optional(),
  before: z.string().optional().describe('sha256 of the bytes before the merge'),
  after: z.string().optional().describe('sha256 of the bytes after the merge (undefined: removed)'),
});
export const MergeManifest = z.object({
  version: z.literal(1),
  cluster: Id,
  canonicalId: Id,
  absorbed: z.array(Id),
  acceptedAt: z.string(),
  files: z.array(ManifestEntry),
  /**
   * applying: snapshots are taken and files are being changed (a crash here is rolled back from
   * the snapshots); applied: the files are merged; undone: restored. Absent: an older manifest.
   */
  state: z.enum(['applying', 'applied', 'undone']).optional(),
  /** Persons that may get a person file they did not have (tree-resident canonical or relatives). */
  mayCreate: z.array(Id).optional(),
  /** Other files the merge may create (the merged person's conflict files): removed on a rollback. */
  mayCreateFiles: z.array(z.string()).optional(),
  /** Open proposals that named an absorbed person: as they were (removed) and as re-scored (added). */
  proposals: z.object({ removed: z.array(MergeCluster), added: z.array(MergeCluster) }).optional(),
});
export type MergeManifest = z.infer<typeof MergeManifest>;

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

export function clusterId(memberIds: string[]): string {
  return `M-${createHash('sha256')
    .update([...memberIds].sort().join('|'))
    .digest('hex')
    .slice(0, 10)}`;
}

export function snapshotDir(id: string): string {
  return `merges/${id}`;
}

/** How much a member has: a person file beats a tree entry, then more facts, links and names. */
export function canonicalRank(
  p: Pick<FeatureSource, 'assertions' | 'relationships' | 'names'> | undefined,
  file: string | undefined,
): number {
  return (
    ((file ?? '').startsWith('people/') ? 1000 : 0) +
    (p ? p.assertions.length + p.relationships.length + p.names.length : 0)
  );
}

/** Richer member first (canonicalRank), then the smaller id. */
export function chooseCanonical(store: Pick<MergeStore, 'person' | 'personFile'>, ids: string[]): string {
  const rank = (id: string) => canonicalRank(store.person(id), store.personFile(id));
  return chooseByRank(ids, rank);
}

export function chooseByRank(ids: string[], rank: (id: string) => number): string {
  return [...ids].sort((a, b) => rank(b) - rank(a) || a.localeCompare(b))[0];
}

/** Who becomes canonical: from the store (one proposal), or from ranks noted in a whole-case pass. */
type Canonical = Pick<MergeStore, 'person' | 'personFile'> | ((ids: string[]) => string);

export function proposalToCluster(store: Canonical, d: DuplicateProposal, now: Date): MergeCluster {
  const members = [d.a.id, d.b.id];
  return {
    id: clusterId(members),
    canonicalId: typeof store === 'function' ? store(members) : chooseCanonical(store, members),
    memberIds: members,
    similarity: Number(d.score.similarity.toFixed(4)),
    features: Object.fromEntries(
      Object.entries(d.score.features).map(([k, f]) => [k, { score: Number(f.score.toFixed(4)), reason: f.reason }]),
    ),
    rationale: d.score.rationale,
    whyNotMerge: d.score.whyNotMerge,
    recommendation: d.score.recommendation,
    status: 'proposed',
    reversible: true,
    createdAt: now.toISOString(),
  };
}

/**
 * How many "review" proposals are explained when found (every "merge" is): more than a person
 * reviews in a sitting, and a bounded amount of work and of merges.json on a 100k-person tree,
 * where ~100k pairs reach "review". The others are stored with their exact score and recommendation
 * and explained when listed (proposeMerges' `explain`).
 */
export const EXPLAINED_REVIEWS = 2_000;

/**
 * How many "review" proposals a search keeps by default, the best ones (every "merge" is kept):
 * what a person can work through, in ten pages of the listing. No dev tree of resolve-heldout has
 * as many (royal92, willis, pres2020 with their injected duplicates: ~50-250 per run), so the
 * cut costs them no recall; a 100k-person tree of common names has ~47,000. `allReviews` (the
 * CLI's --all-reviews) searches for every one.
 */
export const LISTED_REVIEWS = 500;

/**
 * Bumped when the search finds other pairs or scores them otherwise: stored proposals of an
 * earlier version are then searched again even if the case did not change.
 */
const SEARCH_VERSION = 2;

/** A stored proposal without its explanation (see MergeCluster.rationale). */
export function unexplained(c: MergeCluster): boolean {
  return !c.rationale;
}

/**
 * Every person's features in one pass. With a store that streams its persons (FileCaseStore
 * opened with indexed trees) no person is kept: only features, each relative's name (for the
 * relatives' names features carry) and each person's canonical rank.
 */
export function caseFeatures(store: MergeStore): {
  feats: PersonFeatures[];
  rank: Map<string, number>;
  xrefs: Map<string, string>;
} {
  const feats: PersonFeatures[] = [];
  const rank = new Map<string, number>();
  const names = new Map<string, string>();
  const xrefs = new Map<string, string>();
  const each =
    store.eachPerson?.(FeatureSource, sureFeatureSource) ??
    store.persons().map((person) => ({ person, file: store.personFile(person.id) ?? '' }));
  for (const { person, file } of each) {
    feats.push(featuresOfPerson(person));
    rank.set(person.id, canonicalRank(person, file));
    const n = fullName(person);
    if (n) names.set(person.id, n);
    const xref = gedcomXref(person);
    if (xref) xrefs.set(person.id, xref);
  }
  for (const f of feats) withRelativeNames(f, (id) => names.get(id));
  return { feats, rank, xrefs };
}

/** What a listing shows of a member. */
export interface MemberLabel {
  name: string;
  xref?: string;
}

export interface ProposeResult {
  added: MergeCluster[];
  merges: MergesFile;
  /** A listed proposal with its explanation (stored ones without one are explained on demand). */
  explain: (c: MergeCluster) => MergeCluster;
  /** False when the case had not changed since the stored search: nothing was searched. */
  searched: boolean;
  /** A person's name and xref as the search read them (undefined when nothing was searched). */
  member?: (id: string) => MemberLabel | undefined;
  /** Reviews below this similarity were not kept (LISTED_REVIEWS); undefined: every one is. */
  reviewsBelow?: number;
}

/**
 * Finds duplicates in the case and records new proposals in merges.json. Pairs already proposed,
 * decided, or declared "not the same person" are not proposed again. When the case's persons have
 * not changed since the search stored in merges.json (its fingerprint), nothing is searched: the
 * stored proposals are what there is to list (`refresh` searches anyway). `explain` fills in the
 * explanation of a stored proposal that has none, for the page being listed; it leaves the others
 * as they are.
 */
export async function proposeMerges(
  store: MergeStore,
  now: Date,
  opts: Omit<FindDuplicatesOptions, 'notSamePerson'> & { refresh?: boolean; allReviews?: boolean } = {},
): Promise<ProposeResult> {
  const { refresh, allReviews, ...findOpts } = opts;
  const merges = store.merges();
  const fingerprint = store.fingerprint ? `v${SEARCH_VERSION}:${store.fingerprint()}` : undefined;
  const scoreOf =
    (
      scorer: { explain(a: PersonFeatures, b: PersonFeatures): PairScore; get(id: string): PersonFeatures | undefined },
      rank: Map<string, number>,
    ) =>
    (c: MergeCluster): MergeCluster => {
      if (!unexplained(c) || c.memberIds.length !== 2) return c;
      const [a, b] = c.memberIds.map((id) => scorer.get(id));
      if (!a || !b) return c;
      const d = proposalToCluster(
        (ids) => chooseByRank(ids, (id) => rank.get(id) ?? 0),
        { a, b, score: scorer.explain(a, b) },
        now,
      );
      return { ...c, features: d.features, rationale: d.rationale, whyNotMerge: d.whyNotMerge };
    };
  // A stored search that kept only the best reviews is searched again when every one is asked for.
  const cutShort = allReviews && merges.searched?.reviewsBelow !== undefined;
  if (!refresh && !cutShort && fingerprint && merges.searched?.fingerprint === fingerprint) {
    // Nothing changed: the stored proposals are listed; an unexplained one on the page is explained
    // against the case's name counts, read once and only if needed.
    let explainStored: ((c: MergeCluster) => MergeCluster) | undefined;
    const explain = (c: MergeCluster): MergeCluster => {
      if (!unexplained(c)) return c;
      if (!explainStored) {
        const { feats, rank } = caseFeatures(store);
        const context = new ScoringContext(feats);
        explainStored = scoreOf(
          {
            get: (id) => context.get(id),
            explain: (a, b) =>
              scorePair(a, b, { thresholds: findOpts.thresholds, frequencies: context.frequencies, family: context }),
          },
          rank,
        );
      }
      return explainStored(c);
    };
    return { added: [], merges, explain, searched: false, reviewsBelow: merges.searched?.reviewsBelow };
  }
  const known = new Set(
    merges.clusters.filter((c) => c.memberIds.length === 2).map((c) => pairKey(c.memberIds[0], c.memberIds[1])),
  );
  const { feats, rank, xrefs } = caseFeatures(store);
  const member = (id: string): MemberLabel | undefined => {
    const f = search.index.get(id);
    return f ? { name: f.label, xref: xrefs.get(id) } : undefined;
  };
  const search = searchDuplicateFeatures(feats, {
    explainReviews: EXPLAINED_REVIEWS,
    maxReviews: allReviews ? undefined : LISTED_REVIEWS,
    ...findOpts,
    notSamePerson: merges.notSamePerson,
  });
  const canonical = (ids: string[]) => chooseByRank(ids, (id) => rank.get(id) ?? 0);
  const explain = scoreOf({ get: (id) => search.index.get(id), explain: (a, b) => search.explain(a, b) }, rank);
  const added: MergeCluster[] = [];
  for (const d of search.proposals) {
    if (known.has(pairKey(d.a.id, d.b.id))) continue;
    known.add(pairKey(d.a.id, d.b.id));
    added.push({ ...proposalToCluster(canonical, d, now), scope: 'case' });
  }
  const { reviewsBelow } = search;
  const searched = fingerprint
    ? {
        fingerprint,
        at: now.toISOString(),
        persons: feats.length,
        ...(reviewsBelow !== undefined ? { reviewsBelow } : {}),
      }
    : merges.searched;
  // writeMerges validates; what it stored is what the caller lists.
  if (added.length || fingerprint !== merges.searched?.fingerprint || reviewsBelow !== merges.searched?.reviewsBelow)
    await store.writeMerges({ ...merges, ...(searched ? { searched } : {}), clusters: [...merges.clusters, ...added] });
  if (!added.length) return { added, merges: store.merges(), explain, searched: true, member, reviewsBelow };
  // One log line per explained proposal (every "merge", the best "review"s); the rest in one line.
  const quiet = added.filter(unexplained);
  await store.appendLog([
    ...added
      .filter((c) => !unexplained(c))
      .map((c) => ({
        agent: 'Analyst' as const,
        actionType: 'merge' as const,
        clusterId: c.id,
        operation: 'propose' as const,
        rationale: c.rationale,
        context: `${c.memberIds.join(' + ')} (${c.recommendation}, similarity ${c.similarity})`,
      })),
    ...(quiet.length
      ? [
          {
            agent: 'Analyst' as const,
            actionType: 'decision' as const,
            decisionType: 'merge_proposals_unexplained',
            optionsConsidered: ['explain every proposal now', 'explain when listed'],
            chosenOption: 'explain when listed',
            rationale: `${quiet.length} further "review" proposals (similarity ${quiet.at(-1)!.similarity}–${quiet[0].similarity}) are stored in merges.json with their score and no explanation; "ancestry merges" explains the ones it lists.`,
            context: 'merges.json',
          },
        ]
      : []),
    ...(reviewsBelow !== undefined
      ? [
          {
            agent: 'Analyst' as const,
            actionType: 'decision' as const,
            decisionType: 'merge_reviews_kept',
            optionsConsidered: ['keep every review proposal', `keep the best ${LISTED_REVIEWS}`],
            chosenOption: `keep the best ${LISTED_REVIEWS}`,
            rationale: `More pairs reach "review" than a person can work through; those below similarity ${reviewsBelow.toFixed(3)} are not proposed. "ancestry merges --all-reviews" searches for every one.`,
            context: 'merges.json',
          },
        ]
      : []),
  ]);
  return { added, merges: store.merges(), explain, searched: true, member, reviewsBelow };
}

function findCluster(store: MergeStore, id: string): MergeCluster {
  const c = store.merges().clusters.find((x) => x.id === id);
  if (!c) throw new MergeError(`no merge proposal "${id}" in merges.json (run "ancestry merges <case>" to list them)`);
  return c;
}

async function saveCluster(
  store: MergeStore,
  cluster: MergeCluster,
  extra: Partial<MergesFile> = {},
  proposals?: { removed: MergeCluster[]; added: MergeCluster[] },
): Promise<void> {
  const merges = store.merges();
  let clusters = merges.clusters.map((c) => (c.id === cluster.id ? cluster : c));
  if (proposals) {
    const gone = new Set(proposals.removed.map((c) => c.id));
    clusters = [
      ...clusters.filter((c) => !gone.has(c.id)),
      ...proposals.added.filter((a) => !clusters.some((c) => c.id === a.id)),
    ];
  }
  await store.writeMerges(MergesFile.parse({ ...merges, ...extra, clusters }));
}

/**
 * After `absorbed` merged into `canonicalId`, an open proposal naming an absorbed person would fail
 * on accept. Each is replaced by the same proposal about the canonical person, re-scored on the
 * merged facts, unless that pair is already proposed or decided, declared "not the same person",
 * or no longer a likely duplicate. Proposals of more than two persons are re-pointed as they are.
 */
function repointProposals(
  store: MergeStore,
  acceptedId: string,
  absorbed: Set<string>,
  canonicalId: string,
  now: Date,
): { removed: MergeCluster[]; added: MergeCluster[] } {
  const merges = store.merges();
  const stale = merges.clusters.filter(
    (c) => c.id !== acceptedId && c.status === 'proposed' && c.memberIds.some((m) => absorbed.has(m)),
  );
  if (!stale.length) return { removed: [], added: [] };
  const known = new Set(
    merges.clusters
      .filter((c) => c.id !== acceptedId && !stale.includes(c) && c.memberIds.length === 2)
      .map((c) => pairKey(c.memberIds[0], c.memberIds[1])),
  );
  const declined = new Set(merges.notSamePerson.map((d) => pairKey(d.a, d.b)));
  const byId = (pid: string) => store.person(pid);
  const added: MergeCluster[] = [];
  for (const c of stale) {
    const members = [...new Set(c.memberIds.map((m) => (absorbed.has(m) ? canonicalId : m)))];
    if (members.length < 2) continue;
    const persons = members.map(byId);
    if (persons.some((p) => !p)) continue;
    if (members.length > 2) {
      added.push({
        ...c,
        id: clusterId(members),
        memberIds: members,
        canonicalId: members.includes(c.canonicalId) ? c.canonicalId : canonicalId,
      });
      continue;
    }
    const key = pairKey(members[0], members[1]);
    if (known.has(key) || declined.has(key)) continue;
    const [a, b] = [featuresOfPerson(persons[0]!, byId), featuresOfPerson(persons[1]!, byId)];
    const score = scorePair(a, b);
    if (score.recommendation === 'separate' || score.similarity < DEFAULT_THRESHOLDS.review) continue;
    known.add(key);
    added.push(proposalToCluster(store, { a, b, score }, now));
  }
  return { removed: stale, added };
}

function treePersons(store: MergeStore, path: string): Person[] {
  const text = Buffer.from(store.readRaw(path) ?? new Uint8Array()).toString('utf8');
  let format = PLAIN;
  const out: Person[] = [];
  text.split('\n').forEach((l, i) => {
    const r = readTreeLine(l, i + 1, format);
    if (r.kind === 'header') format = r.context;
    else if (r.kind === 'person') out.push(r.person);
    else if (r.kind === 'invalid')
      throw new MergeError(`${path}:${i + 1}: not a valid person, so the tree is not rewritten`);
  });
  return out;
}

export async function acceptMerge(
  store: MergeStore,
  id: string,
  now: Date,
  opts: {
    canonicalId?: string;
    batch?: string;
    reason?: string;
    keep?: KeepChoices;
    /** Who accepts: the user (CLI, VS Code), or the Analyst at a research's end (family-confirmed.ts). */
    by?: 'User' | 'Analyst';
  } = {},
): Promise<MergeCluster> {
  const cluster = findCluster(store, id);
  if (cluster.status === 'accepted') throw new MergeError(`${id} is already accepted`);
  if (cluster.status === 'rejected')
    throw new MergeError(`${id} was rejected as "not the same person"; it cannot be accepted`);
  // An earlier accept that was killed part-way: finish it if its files were all written, else roll back first.
  const interrupted = await recoverInterrupted(store, id, cluster);
  if (interrupted) return interrupted;
  const canonicalId = opts.canonicalId ?? cluster.canonicalId;
  if (!cluster.memberIds.includes(canonicalId))
    throw new MergeError(`${canonicalId} is not a member of ${id} (${cluster.memberIds.join(', ')})`);
  const members = cluster.memberIds.map((m) => {
    const p = store.person(m);
    if (!p) throw new MergeError(`${id}: person ${m} is no longer in the case (merged or removed since the proposal)`);
    return p;
  });
  const canonical = members.find((p) => p.id === canonicalId)!;
  const absorbed = members.filter((p) => p.id !== canonicalId);
  // A value chosen per field must be one a member holds: checked before any file is touched.
  const keep = opts.keep ?? {};
  for (const [field, from] of Object.entries(keep)) {
    const member = members.find((p) => p.id === from);
    if (!member) throw new MergeError(`keep ${field}=${from}: ${from} is not a member of ${id}`);
    if (keptValue(member, field) === undefined) throw new MergeError(`keep ${field}=${from}: ${from} has no ${field}`);
  }
  const absorbedIds = new Set(absorbed.map((p) => p.id));
  const relatives = store
    .persons()
    .filter((p) => !cluster.memberIds.includes(p.id))
    .map((p) => ({ before: p, after: repointRelationships(p, absorbedIds, canonicalId) }))
    .filter((x): x is { before: Person; after: Person } => Boolean(x.after))
    // In name order, not the store's load order: a resumed run loads the case from disk, and its
    // manifest must list the same files in the same order as an uninterrupted run's.
    .sort((x, y) => byName(x.before).localeCompare(byName(y.before)) || x.before.id.localeCompare(y.before.id));

  const merged = combinePersons(canonical, absorbed, id, now, keep);
  // The conflicts the merged values bring together are written with the merge, and the absorbed
  // persons' own conflict files go (their values are the canonical's now): all are snapshotted or
  // recorded as created with the persons' files, so an undo takes them back too.
  const stored = store.conflicts();
  const conflicts = conflictsBroughtTogether(merged, stored, now);
  const conflictFiles = conflicts.map((c) => conflictFile(c.id));
  const absorbedConflictFiles = stored
    .filter((c) => absorbedIds.has(c.person))
    .map((c) => conflictFile(c.id))
    .filter((f) => store.readRaw(f));

  // 1. Snapshot every file the merge touches, byte for byte.
  const touched = new Map<string, { personId?: string }>();
  const fileOf = (pid: string) => store.personFile(pid);
  for (const p of [...members, ...relatives.map((r) => r.before)]) {
    const f = fileOf(p.id);
    if (f) touched.set(f, { personId: f.startsWith('people/') ? p.id : undefined });
  }
  for (const f of conflictFiles) if (store.readRaw(f)) touched.set(f, {});
  for (const f of absorbedConflictFiles) touched.set(f, {});
  const dir = snapshotDir(id);
  const entries: MergeManifest['files'] = [];
  for (const [path, { personId }] of touched) {
    const bytes = store.readRaw(path);
    if (!bytes) continue;
    const snapshot = `${dir}/files/${path}`;
    await store.restoreFile(snapshot, bytes);
    entries.push({ path, personId, existed: true, snapshot, before: sha(bytes) });
  }
  // The intent goes to disk before any file changes: a crash from here on is recoverable.
  const mayCreate = [canonicalId, ...relatives.map((r) => r.before.id)];
  await writeManifest(store, {
    version: 1,
    cluster: id,
    canonicalId,
    absorbed: [...absorbedIds],
    acceptedAt: now.toISOString(),
    files: entries.map((e) => ({ ...e })),
    state: 'applying',
    mayCreate,
    ...(conflictFiles.length ? { mayCreateFiles: conflictFiles } : {}),
  });

  // 2. Apply: canonical, relatives, absorbed (person files removed; tree entries dropped from their tree).
  const body = [
    store.personBody?.(canonicalId) ?? '',
    ...absorbed.map((p) => {
      const b = store.personBody?.(p.id)?.trim();
      return b ? `\n## Notes merged from ${p.id} (${id})\n\n${b}\n` : '';
    }),
  ].join('');
  await store.writePerson(merged, body || undefined);
  for (const r of relatives) await store.writePerson(r.after);
  for (const c of conflicts) await store.writeConflict(c);
  for (const f of absorbedConflictFiles) await store.removeFile(f);
  const treeRemovals = new Map<string, Set<string>>();
  for (const p of absorbed) {
    const f = store.personFile(p.id);
    if (f?.startsWith('people/')) await store.removePerson(p.id);
    const tf = [...touched.keys()].find(
      (t) => t.startsWith('trees/') && treePersons(store, t).some((x) => x.id === p.id),
    );
    if (tf) treeRemovals.set(tf, new Set([...(treeRemovals.get(tf) ?? []), p.id]));
  }
  // Drop only the absorbed lines: every other line of the tree keeps its exact bytes (a small git diff).
  for (const [tf, ids] of treeRemovals) {
    const text = Buffer.from(store.readRaw(tf) ?? new Uint8Array()).toString('utf8');
    const format = contextOfText(text);
    const kept = text.split('\n').filter((line) => {
      const id = idOfLine(line, format);
      return !(id !== undefined && ids.has(id));
    });
    await store.restoreFile(tf, Buffer.from(kept.join('\n'), 'utf8'));
  }
  if (store.load) store.load();

  // 3. Record what the files look like now, and files the merge created (canonical/relatives from a tree).
  const created = new Set<string>();
  for (const pid of [canonicalId, ...relatives.map((r) => r.before.id)]) {
    const f = store.personFile(pid);
    if (f && !touched.has(f)) {
      created.add(f);
      entries.push({ path: f, personId: pid, existed: false });
    }
  }
  for (const f of conflictFiles) if (!touched.has(f)) entries.push({ path: f, existed: false });
  for (const e of entries) {
    const now2 = store.readRaw(e.path);
    e.after = now2 ? sha(now2) : undefined;
  }
  const proposals = repointProposals(store, id, absorbedIds, canonicalId, now);
  await writeManifest(store, {
    version: 1,
    cluster: id,
    canonicalId,
    absorbed: [...absorbedIds],
    acceptedAt: now.toISOString(),
    files: entries,
    state: 'applied',
    mayCreate,
    ...(conflictFiles.length ? { mayCreateFiles: conflictFiles } : {}),
    proposals,
  });
  const accepted: MergeCluster = {
    ...cluster,
    canonicalId,
    status: 'accepted',
    decidedAt: now.toISOString(),
    snapshot: `${dir}/`,
    ...(opts.batch ? { batch: opts.batch } : {}),
    ...(opts.by === 'Analyst' ? { acceptedBy: 'Analyst' as const, reason: opts.reason } : {}),
  };
  await saveCluster(store, accepted, {}, proposals);
  const proposal =
    cluster.rationale || `similarity ${cluster.similarity}, ${cluster.recommendation} (stored without its reasons)`;
  await store.appendLog([
    {
      // Accepting is the user's decision (CLI or VS Code), logged in the user's name with their reason;
      // the Analyst accepts only what family confirms, logged in its own name (undone like any merge).
      agent: opts.by ?? 'User',
      actionType: 'merge',
      clusterId: id,
      operation: 'accept',
      rationale: `${opts.reason?.trim() || 'no reason given'}; the proposal: ${proposal}`,
      context: `${[...absorbedIds].join(', ')} merged into ${canonicalId}${keepText(keep)}; prior files kept in ${dir}/`,
    },
    ...conflicts.map((c) => conflictResolutionEntry(c, `${c.person}: values brought together by merge ${id}`)),
  ]);
  return accepted;
}

/** "; kept birth.date of P-b, death.date of P-a" for the log. */
function keepText(keep: KeepChoices): string {
  const parts = Object.entries(keep).map(([field, from]) => `${field} of ${from}`);
  return parts.length ? `; kept ${parts.join(', ')}` : '';
}

export async function rejectMerge(store: MergeStore, id: string, reason: string, now: Date): Promise<MergeCluster> {
  if (!reason.trim())
    throw new MergeError('a reason is required: it is remembered so the pair is never proposed again');
  const cluster = findCluster(store, id);
  if (cluster.status === 'accepted')
    throw new MergeError(`${id} is accepted; undo it first ("ancestry merge undo ${id}")`);
  const decidedAt = now.toISOString();
  const rejected: MergeCluster = { ...cluster, status: 'rejected', decidedAt, reason };
  const merges = store.merges();
  const decisions: NotSamePerson[] = [...merges.notSamePerson];
  const ids = cluster.memberIds;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++)
      if (!decisions.some((d) => pairKey(d.a, d.b) === pairKey(ids[i], ids[j])))
        decisions.push({ a: ids[i], b: ids[j], reason, decidedAt });
  await saveCluster(store, rejected, { notSamePerson: decisions });
  await store.appendLog([
    {
      agent: 'User',
      actionType: 'merge',
      clusterId: id,
      operation: 'reject',
      rationale: reason,
      context: `not the same person: ${ids.join(' / ')}`,
    },
  ]);
  return rejected;
}

const conflictFile = (id: string) => `${CONFLICTS_DIR}/${id}.md`;
const manifestPath = (id: string) => `${snapshotDir(id)}/manifest.json`;

export function readManifest(store: MergeStore, id: string): MergeManifest {
  const m = manifestIfAny(store, id);
  if (!m) throw new MergeError(`${manifestPath(id)} is missing: the merge cannot be undone without its snapshot`);
  return m;
}

/** A person's sort key by name ("schmidt charles"), for an order that does not depend on ids. */
function byName(p: Person): string {
  const n = p.names[0];
  return n ? `${n.surname} ${n.given}`.toLowerCase() : '';
}

/** The manifest of this cluster, if one was written (read once, validated). */
function manifestIfAny(store: MergeStore, id: string): MergeManifest | undefined {
  const path = manifestPath(id);
  const bytes = store.readRaw(path);
  if (!bytes) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch (e) {
    throw new MergeError(`${path}: not JSON (${(e as Error).message})`);
  }
  const r = MergeManifest.safeParse(json);
  if (!r.success)
    throw new MergeError(`${path}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** Writes a cluster's manifest (merges/<cluster>/manifest.json) through the case writer. */
function writeManifest(store: MergeStore, m: MergeManifest): Promise<void> {
  return store.restoreFile(manifestPath(m.cluster), Buffer.from(`${JSON.stringify(m, null, 2)}\n`, 'utf8'));
}

/** Every snapshotted file's bytes, each checked against its recorded hash, before anything is touched. */
function loadSnapshots(store: MergeStore, manifest: MergeManifest): { path: string; bytes: Uint8Array }[] {
  return manifest.files
    .filter((e) => e.existed)
    .map((e) => {
      const bytes = store.readRaw(e.snapshot!);
      if (!bytes) throw new MergeError(`${e.snapshot} is missing: the merge cannot be undone`);
      if (sha(bytes) !== e.before)
        throw new MergeError(`${e.snapshot} does not match the recorded hash: the snapshot was altered`);
      return { path: e.path, bytes };
    });
}

/**
 * An accept that did not reach merges.json (the process was killed). "applying": some files may be
 * changed: restore every snapshot, remove person files the merge may have created, and leave the
 * proposal as it was. "applied": every file was merged: record the cluster as accepted. Returns the
 * cluster when the accept was completed, undefined when there was nothing to finish.
 */
async function recoverInterrupted(
  store: MergeStore,
  id: string,
  cluster: MergeCluster,
): Promise<MergeCluster | undefined> {
  if (cluster.status === 'accepted') return undefined;
  const manifest = manifestIfAny(store, id);
  if (!manifest || (manifest.state !== 'applying' && manifest.state !== 'applied')) return undefined;
  const dir = snapshotDir(id);
  if (manifest.state === 'applied') {
    const accepted: MergeCluster = {
      ...cluster,
      canonicalId: manifest.canonicalId,
      status: 'accepted',
      decidedAt: manifest.acceptedAt,
      snapshot: `${dir}/`,
    };
    await saveCluster(store, accepted, {}, manifest.proposals);
    await store.appendLog([
      {
        agent: 'Analyst',
        actionType: 'merge',
        clusterId: id,
        operation: 'accept',
        rationale:
          cluster.rationale ||
          `similarity ${cluster.similarity}, ${cluster.recommendation} (stored without its reasons)`,
        context: `completed an accept that was interrupted after its files were written; prior files kept in ${dir}/`,
      },
    ]);
    return accepted;
  }
  const snapshots = loadSnapshots(store, manifest);
  const snapshotted = new Set(snapshots.map((x) => x.path));
  for (const pid of manifest.mayCreate ?? []) {
    const f = store.personFile(pid);
    if (f?.startsWith('people/') && !snapshotted.has(f)) await store.removePerson(pid);
  }
  for (const f of manifest.mayCreateFiles ?? []) if (!snapshotted.has(f) && store.readRaw(f)) await store.removeFile(f);
  for (const x of snapshots) await store.restoreFile(x.path, x.bytes);
  const restored = snapshots.length;
  if (store.load) store.load();
  await writeManifest(store, { ...manifest, state: 'undone' });
  await store.appendLog([
    {
      agent: 'Analyst',
      actionType: 'merge',
      clusterId: id,
      operation: 'undo',
      rationale: 'recovery',
      context: `an accept interrupted part-way was rolled back: restored ${restored} file(s) from ${dir}/`,
    },
  ]);
  return undefined;
}

/**
 * The research's end wrote again to a file its own merges of this run wrote (a record's citation on
 * a merged person or a relative): where a merge's manifest holds the file as it was just before that
 * write, the file's state after the merge is taken as it is now, so the merge's undo stays exact
 * instead of refusing a change no one made by hand. The undo gives back the files as they were
 * before the merge, without that citation.
 */
export async function recordFollowUp(
  store: MergeStore,
  ids: readonly string[],
  path: string,
  before: Uint8Array | undefined,
): Promise<void> {
  const was = before ? sha(before) : undefined;
  const bytes = store.readRaw(path);
  const held = (e: MergeManifest['files'][number]) => e.path === path && e.after === was;
  for (const id of ids) {
    const manifest = manifestIfAny(store, id);
    if (!manifest?.files.some(held)) continue;
    const files = manifest.files.map((e) => (held(e) ? { ...e, after: bytes ? sha(bytes) : undefined } : e));
    await writeManifest(store, { ...manifest, files });
  }
}

export async function undoMerge(
  store: MergeStore,
  id: string,
  now: Date,
  opts: { force?: boolean; reason?: string } = {},
): Promise<MergeCluster> {
  let cluster = findCluster(store, id);
  if (cluster.status !== 'accepted') {
    // An accept killed part-way: rolled back from its snapshots, or (files all written) completed
    // first and then undone like any other.
    const state = manifestIfAny(store, id)?.state;
    if (state === 'applying') {
      await recoverInterrupted(store, id, cluster);
      return findCluster(store, id);
    }
    if (state !== 'applied') throw new MergeError(`${id} is ${cluster.status}, not accepted: nothing to undo`);
    cluster = (await recoverInterrupted(store, id, cluster)) ?? cluster;
  }
  const manifest = readManifest(store, id);
  // A file edited after the merge would lose that edit: say which, and let the user decide.
  const changed = manifest.files.filter((e) => {
    const now2 = store.readRaw(e.path);
    return (now2 ? sha(now2) : undefined) !== e.after;
  });
  if (changed.length && !opts.force)
    throw new MergeError(
      `changed since the merge, undo would discard those edits: ${changed.map((e) => e.path).join(', ')} (use --force to undo anyway)`,
    );
  const snapshots = loadSnapshots(store, manifest);
  for (const e of manifest.files.filter((x) => !x.existed)) {
    if (e.personId) await store.removePerson(e.personId);
    else if (store.readRaw(e.path)) await store.removeFile(e.path);
  }
  for (const x of snapshots) await store.restoreFile(x.path, x.bytes);
  const restored = snapshots.length;
  if (manifest.state) await writeManifest(store, { ...manifest, state: 'undone' });
  const undone: MergeCluster = { ...cluster, status: 'undone', decidedAt: now.toISOString() };
  // Proposals re-pointed by the accept go back to what they were; re-scored ones the user has not
  // decided on are withdrawn.
  const p = manifest.proposals;
  const current = store.merges().clusters;
  const back = p
    ? { removed: p.added.filter((a) => current.find((c) => c.id === a.id)?.status === 'proposed'), added: p.removed }
    : undefined;
  await saveCluster(store, undone, {}, back);
  await store.appendLog([
    {
      agent: 'User',
      actionType: 'merge',
      clusterId: id,
      operation: 'undo',
      rationale: opts.reason?.trim() || 'no reason given',
      context: `restored ${restored} file(s) from ${snapshotDir(id)}/`,
    },
  ]);
  return undone;
}

/** For listings: the GEDCOM xref a person was imported with, if any. */
export function gedcomXref(p: Pick<Person, 'externalIds'> | undefined): string | undefined {
  if (!p) return undefined;
  const fromIds = p.externalIds.gedcomXref;
  if (fromIds) return fromIds;
  const side = (p as Record<string, unknown>).gedcom;
  if (side && typeof side === 'object' && typeof (side as Record<string, unknown>).xref === 'string')
    return (side as Record<string, string>).xref;
  return undefined;
}
