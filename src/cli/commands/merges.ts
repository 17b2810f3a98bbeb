import { displayName, type MergeCluster } from '../../model';
import {
  DEFAULT_PAGE,
  gedcomXref,
  LISTED_REVIEWS,
  proposeMerges,
  reviewPage,
  type ReviewQuery,
} from '../../agents/analyst/merge';
import { parse } from '../args';
import { type CliCommand, UsageError } from '../command';
import { openReviewCase } from '../review-case';

const usage =
  'ancestry merges <dir> [--status proposed|accepted|rejected|undone|all] [--recommendation merge|review] [--min-score X] [--group family|surname] [--limit N] [--offset N] [--all] [--all-reviews] [--json]';

const STATUSES = ['proposed', 'accepted', 'rejected', 'undone', 'all'] as const;

/** The listing options, checked: a bad value is exit 2 with the option named. */
function reviewQuery(values: Record<string, string | boolean | undefined>): ReviewQuery {
  const num = (name: string, min: number, max: number, integer: boolean) => {
    const raw = values[name];
    if (raw === undefined || typeof raw === 'boolean') return undefined;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n)))
      throw new UsageError(
        `--${name} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max} (got "${raw}")`,
      );
    return n;
  };
  const status = (values.all ? 'all' : (values.status ?? 'proposed')) as string;
  if (!(STATUSES as readonly string[]).includes(status))
    throw new UsageError(`--status must be one of ${STATUSES.join(', ')} (got "${status}")`);
  const rec = values.recommendation as string | undefined;
  if (rec !== undefined && rec !== 'merge' && rec !== 'review')
    throw new UsageError(`--recommendation must be merge or review (got "${rec}")`);
  const group = values.group as string | undefined;
  if (group !== undefined && group !== 'family' && group !== 'surname')
    throw new UsageError(`--group must be family or surname (got "${group}")`);
  return {
    status: status as ReviewQuery['status'],
    recommendation: rec,
    group,
    minScore: num('min-score', 0, 1, false),
    limit: num('limit', 1, 1_000_000, true) ?? DEFAULT_PAGE,
    offset: num('offset', 0, Number.MAX_SAFE_INTEGER, true) ?? 0,
  };
}

export const mergesCommand: CliCommand = {
  name: 'merges',
  usage: usage.slice('ancestry '.length),
  summary:
    'find duplicate persons and list merge proposals with their reasons, best first and paged (--limit, --offset); filter by --status, --recommendation, --min-score; --group family|surname; a large tree keeps the best reviews, --all-reviews finds every one',
  async run(args, io) {
    const { values, positionals } = parse(
      args,
      {
        json: { type: 'boolean' },
        all: { type: 'boolean' },
        'all-reviews': { type: 'boolean' },
        status: { type: 'string' },
        recommendation: { type: 'string' },
        'min-score': { type: 'string' },
        group: { type: 'string' },
        limit: { type: 'string' },
        offset: { type: 'string' },
      },
      usage,
    );
    const query = reviewQuery(values);
    // Trees not read at open: the search streams them once; a listing of stored proposals reads
    // the persons it shows through the tree index.
    const store = await openReviewCase(positionals[0], usage, { verb: 'merges', io }, { trees: 'lazy' });
    const {
      added,
      merges,
      explain,
      searched,
      member: searchedMember,
      reviewsBelow,
    } = await proposeMerges(store, store.clock.now(), { allReviews: values['all-reviews'] === true });
    const leftOut =
      reviewsBelow === undefined
        ? ''
        : `More pairs reach "review" than a person can work through: the best ${LISTED_REVIEWS} are proposed, the others (similarity below ${reviewsBelow.toFixed(3)}) are not; --all-reviews finds every one.`;
    if (!searchedMember || query.group) await store.openIndexOfTrees();
    const page = reviewPage(merges.clusters, query, (id) => store.person(id));
    // A member the search did not read (merged away since, on a page of decided proposals).
    if (page.clusters.some((c) => c.memberIds.some((id) => !searchedMember?.(id)))) await store.openIndexOfTrees();
    const member = (id: string) => {
      const known = searchedMember?.(id);
      if (known) return { id, name: known.name, xref: known.xref ?? null };
      const p = store.person(id);
      return { id, name: p ? displayName(p) : '(no longer in the case)', xref: gedcomXref(p) ?? null };
    };
    // A proposal stored without its explanation (beyond the best reviews) is explained as it is listed.
    const row = (c: MergeCluster) => ({ ...explain(c), members: c.memberIds.map(member) });
    const rows = page.clusters.map(row);
    if (values.json) {
      io.out(
        JSON.stringify(
          {
            added: added.length,
            // false: the case had not changed since the stored search, the stored proposals are paged
            searched,
            totals: page.totals,
            matching: page.matching,
            offset: page.offset,
            limit: page.limit,
            clusters: rows,
            ...(page.groups
              ? {
                  groups: page.groups.map((g) => ({
                    key: g.key,
                    label: g.label,
                    count: g.count,
                    ids: g.clusters.map((c) => c.id),
                  })),
                }
              : {}),
            notSamePerson: merges.notSamePerson,
            // null: every review proposal is kept; else the similarity the others are below
            reviewsBelow: reviewsBelow ?? null,
          },
          null,
          2,
        ),
      );
      return 0;
    }
    if (!rows.length) {
      io.out(
        page.matching
          ? `No proposals on this page (${page.matching} match; --offset ${Math.max(0, page.matching - page.limit)} shows the last page).`
          : query.status === 'proposed' && !query.minScore && !query.recommendation
            ? `No open merge proposals (${merges.clusters.length} decided; --all lists them).`
            : 'No merge proposals match.',
      );
      return 0;
    }
    const printCluster = (c: (typeof rows)[number]) => {
      io.out(
        `${c.id}  ${c.status}  ${c.recommendation.toUpperCase()}  similarity ${c.similarity.toFixed(3)}${c.batch ? `  batch ${c.batch}` : ''}`,
      );
      for (const m of c.members)
        io.out(`    ${m.id === c.canonicalId ? '*' : ' '} ${m.id}${m.xref ? ` (${m.xref})` : ''}  ${m.name}`);
      io.out(`    why merge:     ${c.rationale}`);
      io.out(`    why not merge: ${c.whyNotMerge}`);
      if (c.reason) io.out(`    decision:      ${c.reason}`);
    };
    if (page.groups) {
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const g of page.groups) {
        io.out(`== ${g.label} (${g.count} proposal${g.count === 1 ? '' : 's'})`);
        for (const c of g.clusters) printCluster(byId.get(c.id)!);
      }
    } else for (const c of rows) printCluster(c);
    const t = page.totals;
    const last = page.offset + rows.length;
    io.out(
      `\n${page.offset + 1}–${last} of ${page.matching} shown (open: ${t.merge} merge, ${t.review} review; ${t.accepted} accepted, ${t.rejected} rejected), ${searched ? `${added.length} new` : 'as stored: the case has not changed since they were searched'}. * = canonical person.` +
        (last < page.matching ? ` Next page: --offset ${last}.` : '') +
        (leftOut ? `\n${leftOut}` : '') +
        `\n"ancestry merge accept|reject|undo <id> --case <dir>" decides one; "ancestry merge accept --min-score 0.98 --case <dir>" accepts every open MERGE at or above a score as one batch, undone with "ancestry merge undo <batch id>".`,
    );
    return 0;
  },
};
