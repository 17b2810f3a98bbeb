import { strict as assert } from 'node:assert';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openCase } from '../../../src/case';
import { acquireCaseLock } from '../../../src/case/lock';
import type { ReviewItem, ReviewOutcome } from '../../../src/case/review-queue';
import { cli } from '../../helpers/cli-in-process';
import type { Person } from '../../../src/model';
import { sampleCopy } from '../engine/helpers';
import { caseFiles } from './helpers';

async function queue(dir: string, all = false): Promise<{ staged: number; items: ReviewItem[] }> {
  const r = await cli(['review', dir, '--json', ...(all ? ['--all'] : [])]);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as { staged: number; items: ReviewItem[] };
}

function logLines(dir: string): Record<string, unknown>[] {
  return readFileSync(join(dir, 'log/research-log.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('ancestry review: the staged facts as a workflow (sample case, real files, the offline loop)', function () {
  // Two offline research runs of the sample case: slow on a loaded machine, never timed.
  this.timeout(600_000);

  it('lists escalated and weakest first, decides, logs as the user, and the decisions survive a fresh research run', async () => {
    const dir = sampleCopy();
    assert.equal((await cli(['research', dir, '--offline', '--json'])).code, 0);

    const first = await queue(dir);
    assert.ok(first.staged >= 5, `the sample case stages findings (${first.staged})`);
    // The Validator escalates what 5 rounds could not corroborate (seed 004): escalated first, then weakest first.
    for (let i = 1; i < first.items.length; i++) {
      const [a, b] = [first.items[i - 1], first.items[i]];
      if (Boolean(a.escalated) === Boolean(b.escalated)) assert.ok(a.confidence <= b.confidence, 'weakest first');
      else assert.ok(a.escalated, 'escalated first');
    }
    for (const i of first.items) {
      assert.equal(i.status, 'staged');
      assert.ok(i.sources.length && i.sources.every((s) => s.snippet && s.id.startsWith('S-')), `${i.id} cites`);
    }

    // An item the Validator escalated comes before every other, whatever its confidence.
    const strongest = first.items.filter((i) => i.kind === 'fact' && !i.escalated).at(-1)!;
    const store = await openCase(dir);
    const owner = store.person(strongest.person.id)!;
    await store.writePerson({
      ...owner,
      assertions: owner.assertions.map((a) =>
        a.id === strongest.id
          ? { ...a, escalated: { reasons: ['still only one derivative source after 5 rounds'] } }
          : a,
      ),
    });
    const escalated = await queue(dir);
    const at = escalated.items.findIndex((i) => i.id === strongest.id);
    const firstNotEscalated = escalated.items.findIndex((i) => !i.escalated);
    assert.ok(at >= 0 && (firstNotEscalated < 0 || at < firstNotEscalated), 'escalated before the rest');
    assert.deepEqual(escalated.items[at].escalated, ['still only one derivative source after 5 rounds']);
    const text = await cli(['review', dir]);
    assert.match(text.out, /escalated: still only one derivative source/);

    const facts = first.items.filter((i) => i.kind === 'fact' && i.id !== strongest.id);
    const edited = facts.find((i) => i.field === 'birth.date')!;
    const rejected = facts.find((i) => i !== edited && i.field !== 'sex')!;
    const accepted = facts.find((i) => i !== edited && i !== rejected)!;
    const relationship = first.items.find((i) => i.kind === 'relationship');
    assert.ok(edited && rejected && accepted && relationship, 'the sample case stages dates, facts and a relationship');

    // Bad input: exit 2, the id or the field named, nothing written.
    const before = caseFiles(dir);
    const noReason = await cli(['review', dir, 'reject', rejected.id]);
    assert.equal(noReason.code, 2);
    assert.match(noReason.err, /reject needs --reason/);
    const unknown = await cli(['review', dir, 'accept', accepted.id, 'A-nope']);
    assert.equal(unknown.code, 2);
    assert.match(unknown.err, /"A-nope"/);
    const notADate = await cli(['review', dir, 'edit', edited.id, '--value', 'sometime after the war']);
    assert.equal(notADate.code, 2);
    assert.match(notADate.err, new RegExp(`${edited.id}: .* not a date for ${edited.field.replace('.', '\\.')}`));
    const twoEdits = await cli(['review', dir, 'edit', edited.id, accepted.id, '--value', '1850']);
    assert.equal(twoEdits.code, 2);
    assert.match(twoEdits.err, /edit takes one id/);
    assert.deepEqual(caseFiles(dir), before, 'a refused batch writes nothing, not even its valid part');

    // The case lock: a running writer makes the verb wait its turn (exit 2, the holder named).
    const lock = await acquireCaseLock(dir, 'research');
    const locked = await cli(['review', dir, 'accept', accepted.id]);
    lock.release();
    assert.equal(locked.code, 2);
    assert.match(locked.err, /research/);

    const edit = await cli(['review', dir, 'edit', edited.id, '--value', 'ABT 1800', '--reason', 'ages round']);
    assert.equal(edit.code, 0, edit.err);
    const rej = await cli(['review', dir, 'reject', rejected.id, '--reason', 'the informant guessed', '--json']);
    assert.equal(rej.code, 0, rej.err);
    assert.equal((JSON.parse(rej.out) as ReviewOutcome[])[0].decision, 'rejected');
    const batch = await cli(['review', dir, 'accept', accepted.id, relationship.id]);
    assert.equal(batch.code, 0, batch.err);
    assert.match(batch.out, new RegExp(`${accepted.id} accepted`));

    const decisions = logLines(dir).filter((l) => l.decisionType === 'user_review');
    assert.equal(decisions.length, 4);
    assert.ok(decisions.every((l) => l.agent === 'User'));
    assert.deepEqual(
      decisions.map((l) => l.rationale),
      ['ages round', 'the informant guessed', 'no reason given', 'no reason given'],
    );
    assert.match(String(decisions[0].context), new RegExp(`"${edited.value}" → "ABT 1800"`));

    // A fresh session reads every source again: the same evidence must not bring the facts back.
    rmSync(join(dir, 'hypotheses.json'));
    assert.equal((await cli(['research', dir, '--offline', '--json'])).code, 0);
    const after = await openCase(dir);
    const fact = (item: ReviewItem) => {
      const p: Person = after.person(item.person.id)!;
      return { p, a: p.assertions.filter((a) => a.id === item.id) };
    };
    const e = fact(edited);
    assert.equal(e.a.length, 1);
    assert.equal(e.a[0].value, 'ABT 1800');
    assert.equal(e.a[0].status, 'accepted');
    assert.deepEqual(
      e.a[0].evidence.map((c) => c.source),
      edited.sources.map((s) => s.id),
      'still cited to the same evidence',
    );
    assert.equal(e.a[0].reviewed?.decision, 'edited');
    assert.equal(e.a[0].reviewed?.was, edited.value);
    assert.ok(
      !e.p.assertions.some((a) => a.field === edited.field && a.value === edited.value && a.status === 'staged'),
      'the value the user edited is not proposed again from the same evidence',
    );
    const r = fact(rejected);
    assert.equal(r.a[0].status, 'rejected');
    assert.equal(r.a[0].reviewed?.reason, 'the informant guessed');
    assert.equal(fact(accepted).a[0].status, 'accepted');
    const rel = relationship.id.split(':');
    const link = after.person(rel[0])!.relationships.find((x) => x.type === rel[1] && x.person === rel[2])!;
    assert.equal(link.status, 'accepted');
    assert.equal(link.reviewed?.decision, 'accepted');

    const again = await queue(dir);
    for (const id of [edited.id, rejected.id, accepted.id, relationship.id])
      assert.ok(!again.items.some((i) => i.id === id), `${id} is not queued again`);
    const all = await queue(dir, true);
    assert.equal(all.items.find((i) => i.id === rejected.id)?.reviewed?.reason, 'the informant guessed');
  });
});
