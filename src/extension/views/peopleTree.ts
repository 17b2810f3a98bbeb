/**
 * People view: the case's persons a page at a time in listing order (surname, given name), under
 * an optional filter (surname, given name, birth years, place, living/deceased, open conflicts),
 * and under each person their parents, spouses and children. Every answer comes from the People
 * directory in a worker thread (src/extension/people), which reads the derived tree index: a
 * 100k-person case pages and filters without blocking the extension host. "Go to Person…" puts a
 * person at the top, expanded to their family. Living persons are shown redacted unless the case
 * has consent (the directory redacts them).
 */
import * as vscode from 'vscode';
import type { PeopleClient, PeopleFilter, PersonRow } from '../people/client';
import { describeFilter } from '../people/filter';
import type { Services } from '../services';

/** Persons per page ("Load more" adds one). */
export const PAGE_SIZE = 200;

type Node =
  | {
      kind: 'person';
      /** `id` and `person` let the item's menu commands (pedigree, research) take the node itself. */
      id: string;
      person: string;
      row: PersonRow;
      relation?: string;
      parent?: Node;
      focused?: boolean;
    }
  | { kind: 'group'; label: string; rows: PersonRow[]; relation: string; parent: Node }
  | { kind: 'more'; shown: number; total: number }
  | { kind: 'message'; text: string };

export class PeopleTree implements vscode.TreeDataProvider<Node> {
  private readonly emitter = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private rows: PersonRow[] = [];
  private total = 0;
  private loaded: Promise<void> | undefined;
  private filterValue: PeopleFilter = {};
  private focusRow: PersonRow | undefined;
  private subject: string | undefined;
  /** The case subject's row, shown first (unfiltered), as the view always did. */
  private subjectRow: PersonRow | undefined;
  /** Bumped by every reset: an answer to an older question is dropped. */
  private generation = 0;
  view: vscode.TreeView<Node> | undefined;

  constructor(
    private readonly services: Services,
    private readonly people: PeopleClient,
  ) {
    services.model.onDidChange(() => void this.reopen());
  }

  get filter(): PeopleFilter {
    return this.filterValue;
  }

  /** The case changed on disk (or another case was chosen): open it again and start over. */
  private async reopen(): Promise<void> {
    const root = this.services.model.root;
    if (!root) return;
    void this.people.open(root);
    this.reset();
  }

  private reset(): void {
    this.generation += 1;
    this.rows = [];
    this.total = 0;
    this.loaded = undefined;
    this.emitter.fire(undefined);
  }

  setFilter(filter: PeopleFilter): void {
    this.filterValue = filter;
    this.reset();
  }

  /** Shows a person at the top of the view, expanded to their family (Go to Person). */
  async focus(row: PersonRow): Promise<void> {
    this.focusRow = row;
    this.emitter.fire(undefined);
    const node: Node = personNode(row, { focused: true });
    await this.view?.reveal(node, { select: true, focus: true, expand: true });
  }

  private async ensureOpen(): Promise<boolean> {
    if (this.people.caseRoot) return true;
    const root = this.services.model.root ?? (await this.services.model.discover());
    if (!root) return false;
    await this.people.open(root);
    return true;
  }

  private loadMore(): Promise<void> {
    const generation = this.generation;
    return this.people.page(this.filterValue, this.rows.length, PAGE_SIZE).then((page) => {
      if (generation !== this.generation) return;
      this.total = page.total;
      this.rows.push(...page.rows);
    });
  }

  /** The next page ("Load more"). */
  async more(): Promise<void> {
    await this.loadMore();
    this.emitter.fire(undefined);
  }

  private describe(): void {
    if (!this.view) return;
    const f = this.filterValue;
    const parts = describeFilter(f);
    this.view.description = parts ? `${parts} · ${this.total.toLocaleString('en')}` : undefined;
    this.view.message = parts && !this.total ? `No person matches ${parts}.` : undefined;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      if (!(await this.ensureOpen())) return [];
      try {
        this.loaded ??= (async () => {
          this.subject = (await this.people.subject()) ?? undefined;
          this.subjectRow = this.subject
            ? (await this.people.search(this.subject, 1)).find((r) => r.id === this.subject)
            : undefined;
          await this.loadMore();
        })();
        await this.loaded;
      } catch (e) {
        this.loaded = undefined;
        return [{ kind: 'message', text: `The case could not be read: ${(e as Error).message}` }];
      }
      this.describe();
      const out: Node[] = [];
      if (this.focusRow) out.push(personNode(this.focusRow, { focused: true }));
      const pinned = this.subjectRow && !describeFilter(this.filterValue) ? this.subjectRow : undefined;
      if (pinned) out.push(personNode(pinned));
      out.push(...this.rows.filter((row) => row.id !== pinned?.id).map((row) => personNode(row)));
      if (this.rows.length < this.total) out.push({ kind: 'more', shown: this.rows.length, total: this.total });
      return out;
    }
    if (node.kind === 'group')
      return node.rows.map((row) => personNode(row, { relation: node.relation, parent: node }));
    if (node.kind !== 'person' || node.relation) return [];
    const r = await this.people.relatives(node.row.id);
    const out: Node[] = [];
    for (const [label, relation, rows] of [
      ['Parents', 'parent', r.parents],
      ['Spouses', 'spouse', r.spouses],
      ['Children', 'child', r.children],
    ] as const)
      if (rows.length) out.push({ kind: 'group', label, rows, relation, parent: node });
    return out;
  }

  getParent(node: Node): Node | undefined {
    return node.kind === 'person' || node.kind === 'group' ? node.parent : undefined;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    if (node.kind === 'message') return new vscode.TreeItem(node.text);
    if (node.kind === 'more') {
      const item = new vscode.TreeItem(
        `Load more… (${node.shown.toLocaleString('en')} of ${node.total.toLocaleString('en')})`,
      );
      item.id = `more:${node.shown}`;
      item.iconPath = new vscode.ThemeIcon('ellipsis');
      item.command = { command: 'ancestry.morePeople', title: 'Load more' };
      return item;
    }
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${node.rows.length}`;
      return item;
    }
    const { row } = node;
    const isSubject = this.subject === row.id;
    const item = new vscode.TreeItem(
      row.name,
      node.relation
        ? vscode.TreeItemCollapsibleState.None
        : node.focused
          ? vscode.TreeItemCollapsibleState.Expanded
          : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = node.relation ? undefined : `${node.focused ? 'focus' : 'person'}:${row.id}`;
    item.description = [row.lifespan, isSubject ? 'subject' : '', node.focused ? 'found' : '']
      .filter(Boolean)
      .join(' · ');
    item.tooltip = new vscode.MarkdownString(
      `**${row.name}** \`${row.id}\`\n\n${row.lifespan || 'no dates'}${row.living ? '\n\n_living: details redacted_' : ''}\n\n${row.file.endsWith('.jsonl') ? 'imported tree' : 'person file'}`,
    );
    item.iconPath = new vscode.ThemeIcon(isSubject ? 'star-full' : row.living ? 'lock' : 'person');
    item.contextValue = 'person';
    item.accessibilityInformation = { label: `${row.name}${row.lifespan ? `, ${row.lifespan}` : ''}` };
    item.command = { command: 'ancestry.openPerson', title: 'Open person', arguments: [row.id] };
    return item;
  }
}

function personNode(row: PersonRow, more: { relation?: string; parent?: Node; focused?: boolean } = {}): Node {
  return { kind: 'person', id: row.id, person: row.id, row, ...more };
}
