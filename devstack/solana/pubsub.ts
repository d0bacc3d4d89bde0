// The facade's PubSub (WebSocket) side: signatureSubscribe and accountSubscribe notify for real; slot, root,
// logs and program subscriptions are accepted and never fire. Other requests are answered like HTTP ones.
import type { WebSocket } from 'ws';
import { accountJson } from './accounts.js';
import type { Ledger, TxRecord } from './ledger.js';
import { type JsonRpcHandler, toJson } from './rpc.js';

interface Subscription {
  ws: WebSocket;
  kind: 'signature' | 'account';
  key: string;
  encoding?: string;
}

const SILENT = new Set(['slotSubscribe', 'rootSubscribe', 'logsSubscribe', 'programSubscribe', 'voteSubscribe', 'blockSubscribe', 'slotsUpdatesSubscribe']);

export class PubSub {
  private readonly subs = new Map<number, Subscription>();
  private nextId = 1;
  private readonly unlisten: () => void;

  constructor(
    private readonly ledger: Ledger,
    private readonly handle: JsonRpcHandler,
  ) {
    this.unlisten = ledger.onRecord((record) => this.landed(record));
  }

  close(): void {
    this.unlisten();
    this.subs.clear();
  }

  connection(ws: WebSocket): void {
    ws.on('message', (data) => void this.message(ws, String(data)));
    ws.on('close', () => {
      for (const [id, s] of this.subs) if (s.ws === ws) this.subs.delete(id);
    });
  }

  private async message(ws: WebSocket, text: string): Promise<void> {
    let m: { id?: number | string; method?: string; params?: unknown[] };
    try {
      m = JSON.parse(text) as typeof m;
    } catch {
      return;
    }
    if (m.id === undefined) return; // web3.js's heartbeat is a notification ('ping')
    const reply = (o: object): void => {
      if (ws.readyState === ws.OPEN) ws.send(toJson({ jsonrpc: '2.0', id: m.id, ...o }));
    };
    const p = m.params ?? [];
    const method = m.method ?? '';
    if (method === 'signatureSubscribe') {
      const id = this.nextId++;
      reply({ result: id });
      const record = this.ledger.record(String(p[0]));
      if (record) this.notify(ws, 'signatureNotification', id, { context: { slot: record.slot }, value: { err: record.err } });
      else this.subs.set(id, { ws, kind: 'signature', key: String(p[0]) });
    } else if (method === 'accountSubscribe') {
      const id = this.nextId++;
      this.subs.set(id, { ws, kind: 'account', key: String(p[0]), encoding: (p[1] as { encoding?: string } | undefined)?.encoding });
      reply({ result: id });
    } else if (SILENT.has(method)) {
      reply({ result: this.nextId++ });
    } else if (method.endsWith('Unsubscribe')) {
      this.subs.delete(Number(p[0]));
      reply({ result: true }); // lenient: a signature subscription is gone once it fired
    } else {
      const answer = await this.handle({ jsonrpc: '2.0', id: m.id, method, params: p });
      if (ws.readyState === ws.OPEN) ws.send(toJson(answer));
    }
  }

  private landed(record: TxRecord): void {
    for (const [id, s] of this.subs) {
      if (s.kind === 'signature' && s.key === record.signature) {
        this.notify(s.ws, 'signatureNotification', id, { context: { slot: record.slot }, value: { err: record.err } });
        this.subs.delete(id);
      } else if (s.kind === 'account' && record.accountKeys.includes(s.key)) {
        this.notify(s.ws, 'accountNotification', id, { context: { slot: record.slot }, value: accountJson(this.ledger, s.key, s.encoding) });
      }
    }
  }

  private notify(ws: WebSocket, method: string, subscription: number, result: unknown): void {
    if (ws.readyState === ws.OPEN) ws.send(toJson({ jsonrpc: '2.0', method, params: { result, subscription } }));
  }
}
