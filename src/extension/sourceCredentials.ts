/**
 * "Ancestry: Set Source Credential…": a quick pick over the credentials the source plugins use, then a
 * password box; the value goes to SecretStorage under the plugin's secret key (never settings or the
 * case folder), where the research run's secrets adapter finds it.
 */
import * as vscode from 'vscode';
import type { Services } from './services';

export interface CredentialChoice {
  source: string;
  displayName: string;
  tier: number;
  type: string;
  secretKey?: string;
  env?: string;
  instructions?: string;
  /** A model provider's API key (case.yaml llm.providers) rather than a source's credential. */
  kind?: 'source' | 'model';
}

export async function setSourceCredential(
  services: Services,
  choices: () => Promise<CredentialChoice[]>,
  args: { key?: string; value?: string } = {},
): Promise<boolean> {
  const all = (await choices()).filter((c) => c.secretKey);
  if (!all.length) throw new Error('no source plugin uses a credential');
  let choice = args.key ? all.find((c) => c.secretKey === args.key || c.source === args.key) : undefined;
  if (args.key && !choice)
    throw new Error(`"${args.key}" is not a source credential (known: ${all.map((c) => c.secretKey).join(', ')})`);
  if (!choice) {
    const picked = await vscode.window.showQuickPick(
      all.map((c) => ({
        label: c.displayName,
        description: c.kind === 'model' ? 'model provider · api key' : `Tier ${c.tier} · ${c.type.replace(/_/g, ' ')}`,
        detail: [c.instructions, c.env ? `Also read from $${c.env}.` : ''].filter(Boolean).join(' '),
        choice: c,
      })),
      { title: 'Ancestry: Set Source Credential…', placeHolder: 'Which source?', ignoreFocusOut: true },
    );
    choice = picked?.choice;
  }
  if (!choice?.secretKey) return false;
  const value =
    args.value ??
    (await vscode.window.showInputBox({
      title: `Ancestry: ${choice.displayName} credential`,
      prompt: `Stored in VS Code SecretStorage as "${choice.secretKey}", never in settings or the case folder.`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => (v.trim() ? undefined : 'enter the credential, or press Escape'),
    }));
  if (!value?.trim()) return false;
  await services.context.secrets.store(choice.secretKey, value.trim());
  if (args.value === undefined)
    void vscode.window.showInformationMessage(
      `Ancestry: ${choice.displayName} credential saved in SecretStorage; the next research run uses it.`,
    );
  return true;
}
