import type { Namespace } from '../../core/caip.js';

/**
 * Which namespaces of each session (by topic) the widget uses: one session may carry an EVM and a Solana
 * connection (issue 10). Disconnecting one of them ends only that connection; the session ends with the last.
 */
const users = new Map<string, Set<Namespace>>();

export function holdSession(topic: string, namespace: Namespace): void {
  users.set(topic, (users.get(topic) ?? new Set()).add(namespace));
}

/** Lets go of `namespace`'s use of the session; true when no namespace uses it any more. */
export function letGoOfSession(topic: string, namespace: Namespace): boolean {
  const left = users.get(topic);
  left?.delete(namespace);
  if (left?.size) return false;
  users.delete(topic);
  return true;
}
