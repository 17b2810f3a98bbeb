/**
 * The People view's commands: Filter People…, Clear People Filter, Load more, and Go to Person…
 * (a quick pick that asks the People directory in its worker thread as the user types: name
 * prefixes first, then fuzzy matches; picking a person shows them at the top of the People view,
 * expanded to their parents, spouses and children, and opens their text).
 */
import * as vscode from 'vscode';
import type { PeopleClient, PersonRow } from './people/client';
import type { Services } from './services';
import { filterText, parseFilter } from './people/filter';
import type { PeopleTree } from './views/peopleTree';
import { acceptedOrBestMatch } from './people/accept-pick';

const SEARCH_LIMIT = 50;

function guard(services: Services, name: string, fn: (...a: unknown[]) => Promise<unknown>) {
  return async (...a: unknown[]) => {
    try {
      return await fn(...a);
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      services.output.appendLine(`[${name}] ${msg}`);
      void vscode.window.showErrorMessage(`Ancestry: ${msg}`);
      return undefined;
    }
  };
}

export function registerPeopleCommands(
  services: Services,
  tree: PeopleTree,
  people: PeopleClient,
): vscode.Disposable[] {
  const reg = (id: string, fn: (...a: unknown[]) => Promise<unknown>) =>
    vscode.commands.registerCommand(id, guard(services, id, fn));
  return [
    reg('ancestry.filterPeople', async (given?: unknown) => {
      const text =
        typeof given === 'string'
          ? given
          : await vscode.window.showInputBox({
              title: 'Filter People',
              prompt: 'surname:Miller given:John born:1800-1850 place:Cork living|deceased conflicts',
              value: filterText(tree.filter),
              validateInput: (v) => {
                const f = parseFilter(v);
                return typeof f === 'string' ? f : undefined;
              },
            });
      if (text === undefined) return;
      const f = parseFilter(text);
      if (typeof f === 'string') throw new Error(f);
      tree.setFilter(f);
      await vscode.commands.executeCommand('setContext', 'ancestry.peopleFiltered', Object.keys(f).length > 0);
    }),
    reg('ancestry.clearPeopleFilter', async () => {
      tree.setFilter({});
      await vscode.commands.executeCommand('setContext', 'ancestry.peopleFiltered', false);
    }),
    reg('ancestry.morePeople', () => tree.more()),
    reg('ancestry.goToPerson', async (given?: unknown) => {
      const picked = typeof given === 'string' ? await searchOne(people, given) : await pickPerson(people);
      if (!picked) return;
      await vscode.commands.executeCommand('ancestry.people.focus');
      await tree.focus(picked);
    }),
  ];
}

/** The first match of a search (automation: `ancestry.goToPerson` with a text). */
async function searchOne(people: PeopleClient, text: string): Promise<PersonRow | undefined> {
  return (await people.search(text, 1))[0];
}

/** A quick pick over every person of the case (also Open Person Page… from the palette). */
export function pickPerson(people: PeopleClient, title = 'Go to Person'): Promise<PersonRow | undefined> {
  type Item = vscode.QuickPickItem & { row: PersonRow };
  const qp = vscode.window.createQuickPick<Item>();
  qp.title = title;
  qp.placeholder = 'Type a name ("john miller", "jhn mllr") or an id';
  // The directory matches (prefixes, then fuzzy); VS Code's own filter would hide its fuzzy finds.
  qp.matchOnDescription = false;
  let asked = 0;
  let timer: NodeJS.Timeout | undefined;
  const ask = (text: string) => {
    const n = ++asked;
    qp.busy = true;
    people.search(text, SEARCH_LIMIT).then(
      (rows) => {
        if (n !== asked) return;
        qp.items = rows.map((row) => ({
          label: row.name,
          description: row.lifespan,
          detail: `${row.id} · ${row.file}`,
          alwaysShow: true,
          row,
        }));
        qp.busy = false;
      },
      () => {
        if (n === asked) qp.busy = false;
      },
    );
  };
  return new Promise((resolve) => {
    qp.onDidChangeValue((v) => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => ask(v), 60);
    });
    qp.onDidAccept(() => {
      qp.busy = true;
      const chosen = (qp.selectedItems[0] ?? qp.activeItems[0])?.row;
      void acceptedOrBestMatch(chosen, qp.value, (text) => searchOne(people, text))
        .then(resolve, () => resolve(undefined))
        .finally(() => qp.hide());
    });
    qp.onDidHide(() => {
      resolve(undefined);
      qp.dispose();
    });
    qp.show();
  });
}
