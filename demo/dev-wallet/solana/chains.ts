// The local Solana chain's CAIP-2 id: the facade reports a fixed genesis hash (server/solana/constants.ts,
// a pure module, so the dev wallet and the stack share one value).
import { LOCAL_SOLANA_CHAIN_ID as LOCAL } from '../../../server/solana/constants.js';

export const LOCAL_SOLANA_CHAIN_ID = LOCAL as `solana:${string}`;
