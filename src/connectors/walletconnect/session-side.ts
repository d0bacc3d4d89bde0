import type { SessionTypes } from '@walletconnect/types';
import type { Namespace } from '../../core/caip.js';
import { toWidgetError } from '../../core/foreign-errors.js';
import type { ConnectResult } from '../types.js';
import type { WalletConnectClient } from './client.js';
import { closeIfRetired } from './retired.js';
import { USER_DISCONNECTED } from './session.js';

/**
 * Which namespaces of each session (by topic) the widget uses: one session may carry an EVM and a Solana
 * connection. Disconnecting one of them ends only that connection; the session ends with the last.
 */
const users = new Map<string, Set<Namespace>>();

/** Lets go of `namespace`'s use of the session; true when no namespace uses it any more. */
function letGoOfSession(topic: string, namespace: Namespace): boolean {
  const left = users.get(topic);
  left?.delete(namespace);
  if (left?.size) return false;
  users.delete(topic);
  return true;
}

type SessionEvent = { topic: string; params: { event: { name: string; data: unknown }; chainId: string } };

/**
 * One namespace's side of a WalletConnect session, what the EVM and the Solana connectors share: the session
 * while it lasts, its updates and end followed for that side, and the connector methods that follow from them.
 */
export function sessionSide(
  client: WalletConnectClient,
  topic: string,
  namespace: Namespace,
  on: {
    /** The side's accounts now, or undefined when the session grants none (any more). */
    current(): ConnectResult | undefined;
    /** The session's accounts or methods changed. */
    update(): void;
    /** A `session_event` for this session (EVM: `chainChanged`, `accountsChanged`). */
    event?(event: SessionEvent): void;
    /** This side's connection ended: the visitor's disconnect, or the wallet ending the session. */
    end(): void;
    /** The wallet ended the session (after `end`): tell the connector's subscribers. */
    gone(): void;
    /** The error `connect` answers with once the session is gone. */
    ended(): unknown;
  },
) {
  const session = (): SessionTypes.Struct | undefined => {
    try {
      return client.session.get(topic);
    } catch {
      return undefined;
    }
  };
  let listening = true;
  let last = false;
  users.set(topic, (users.get(topic) ?? new Set()).add(namespace));
  const onEvent = (event: SessionEvent) => {
    if (event.topic === topic) on.event?.(event);
  };
  const onUpdate = ({ topic: updated }: { topic: string }) => {
    if (updated === topic) on.update();
  };
  // The session ended, from the wallet's side: nothing more will come from the client for it.
  const onDelete = ({ topic: ended }: { topic: string }) => {
    if (ended !== topic) return;
    release();
    on.end();
    on.gone();
    closeIfRetired(client);
  };
  /** Stops listening without ending the session (a connector that is not used, or is ending). */
  function release() {
    if (!listening) return;
    listening = false;
    last = letGoOfSession(topic, namespace);
    client.off('session_event', onEvent);
    client.off('session_update', onUpdate);
    client.off('session_delete', onDelete);
    client.off('session_expire', onDelete);
  }
  client.on('session_event', onEvent);
  client.on('session_update', onUpdate);
  client.on('session_delete', onDelete);
  client.on('session_expire', onDelete);

  return {
    session,
    methods: {
      async connect(): Promise<ConnectResult> {
        const result = on.current();
        if (!result) throw toWidgetError(on.ended(), 'connect');
        return result;
      },
      restore: async () => on.current(),
      release,
      /** Ends this side; the session too when no other namespace's connection still uses it. */
      async disconnect(): Promise<void> {
        release();
        on.end();
        if (!last || !session()) return;
        try {
          await client.disconnect({ topic, reason: USER_DISCONNECTED });
        } catch (error) {
          throw toWidgetError(error, 'disconnect');
        } finally {
          closeIfRetired(client);
        }
      },
    },
  };
}
