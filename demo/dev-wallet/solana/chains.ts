// The local Solana chain (the litesvm facade reports a fixed genesis hash, so its CAIP-2 id is fixed).
export const LOCAL_SOLANA_CHAIN_ID = 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69' as const;
