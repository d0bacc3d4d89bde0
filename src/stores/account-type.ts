import { atom } from 'nanostores';

/** docs/specification.md#account-types's account types of an embedded wallet. */
export type AccountType = 'eoa' | 'smartAccount';

/**
 * The embedded wallet's account types: the one in use, the key's own address (EOA), and the smart
 * account it owns on the active network when that network has smart accounts (the secure service's word).
 */
export interface AccountTypeState {
  preferred: AccountType;
  eoa: string;
  /** The networks (CAIP-2) where the service offers smart accounts. */
  networks: string[];
  smartAccount?: { chainId: string; address: string; deployed: boolean } | undefined;
}

export const $accountType = atom<AccountTypeState | null>(null);
