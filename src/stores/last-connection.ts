import * as z from 'zod/mini';
import { persistedAtom } from './persisted.js';

/** Which wallet to restore after a reload: only its id and namespace, never the transient status. */
const schema = z.nullable(z.object({ walletId: z.string(), namespace: z.enum(['eip155', 'solana']) }));

export const $lastConnection = persistedAtom('connection', 1, schema, null);
