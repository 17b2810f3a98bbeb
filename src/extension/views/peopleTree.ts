/**
 * People view: the case's persons (grouped by surname when there are many) and, under each, their
 * parents, spouses and children. Living persons are shown redacted unless the case has consent.
 */
import * as vscode from 'vscode';
import type { CaseSnapshot } from '../core/snapshot';
import type { Person } from '../../model';
import type { Services } from '../services';
import type { PersonLabel } from './labels';
import { loadEngine } from '../loadEngine';

/** Above this many persons the top level groups by surname, so the tree stays responsive. */
const FLAT_LIMIT = 300;

type Node =
  | { kind: 'surname'; surname: string; ids: string[] }
  | { kind: 'person'; id: string; relation?: string }
  | { kind: 'group'; label: string; ids: string[]; relation: string };

export class PeopleTree implements vscode.TreeDataProvider<Node> {
  private readonly emitter = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private labels = new Map<string, PersonLabel>();
  /** Loaded on first use: nothing heavy runs at activation. */
  private lab: typeof import('./labels') | undefined;

  constructor(private readonly services: Services) {
    services.model.onDidChange(() => {
      this.labels.clear();
      this.emitter.fire(undefined);
    });
  }

  private label(snap: CaseSnapshot, person: Person): PersonLabel {
    let l = this.labels.get(person.id);
    if (!l) this.labels.set(person.id, (l = this.lab!.personLabel(person, snap)));
    return l;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    const snap = await this.services.model.ensure();
    if (!snap) return [];
    this.lab ??= await loadEngine('labels');
    if (!node) {
      const subject = snap.config?.subject.person;
      const persons = [...snap.persons.values()].map((e) => e.person);
      const sortKey = (p: Person) => `${p.id === subject ? '0' : '1'}${this.label(snap, p).sortKey}`;
      persons.sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
      if (persons.length <= FLAT_LIMIT) return persons.map((p) => ({ kind: 'person', id: p.id }));
      const groups = new Map<string, string[]>();
      for (const p of persons) {
        const s = this.label(snap, p).surname || '(no surname)';
        groups.set(s, [...(groups.get(s) ?? []), p.id]);
      }
      return [...groups].map(([surname, ids]) => ({ kind: 'surname', surname, ids }));
    }
    if (node.kind === 'surname' || node.kind === 'group')
      return node.ids.map((id) => ({
        kind: 'person',
        id,
        relation: node.kind === 'group' ? node.relation : undefined,
      }));
    const person = snap.persons.get(node.id)?.person;
    if (!person) return [];
    const related = (type: 'parent' | 'spouse' | 'child') => {
      const ids = new Set(
        person.relationships.filter((r) => r.type === type && r.status !== 'rejected').map((r) => r.person),
      );
      // The other side may be the only one to state the link.
      const inverse = type === 'parent' ? 'child' : type === 'child' ? 'parent' : 'spouse';
      for (const e of snap.persons.values())
        if (e.person.relationships.some((r) => r.type === inverse && r.person === person.id && r.status !== 'rejected'))
          ids.add(e.person.id);
      return [...ids].filter((id) => snap.persons.has(id));
    };
    const out: Node[] = [];
    for (const [label, type] of [
      ['Parents', 'parent'],
      ['Spouses', 'spouse'],
      ['Children', 'child'],
    ] as const) {
      const ids = related(type);
      if (ids.length) out.push({ kind: 'group', label, ids, relation: type });
    }
    return out;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    const snap = this.services.model.snapshot;
    if (node.kind === 'surname') {
      const item = new vscode.TreeItem(node.surname, vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `${node.ids.length}`;
      return item;
    }
    if (node.kind === 'group') {
      const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Expanded);
      item.description = `${node.ids.length}`;
      return item;
    }
    const entry = snap?.persons.get(node.id);
    if (!entry || !snap) return new vscode.TreeItem(node.id);
    const l = this.label(snap, entry.person);
    const isSubject = snap.config?.subject.person === node.id;
    const item = new vscode.TreeItem(
      l.name,
      node.relation ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = node.relation ? undefined : `person:${node.id}`;
    item.description = [l.lifespan, isSubject ? 'subject' : ''].filter(Boolean).join(' · ');
    item.tooltip = new vscode.MarkdownString(
      `**${l.name}** \`${node.id}\`\n\n${l.lifespan || 'no dates'}${l.living ? '\n\n_living: details redacted_' : ''}\n\n${entry.person.assertions.length} facts · ${entry.file.endsWith('.jsonl') ? 'imported tree' : 'person file'}`,
    );
    item.iconPath = new vscode.ThemeIcon(isSubject ? 'star-full' : l.living ? 'lock' : 'person');
    item.contextValue = 'person';
    item.resourceUri = undefined;
    item.command = { command: 'ancestry.openPerson', title: 'Open person', arguments: [node.id] };
    return item;
  }
}
