import type {} from 'wallet-connect-modal/react';

export const ok = <wallet-connect-modal networks="eip155:1" theme="dark" onwallet-connect={(e) => e.detail.address.toLowerCase()} />;
// @ts-expect-error -- theme is 'light' | 'dark' | 'system'
export const badTheme = <wallet-connect-modal theme={42} />;
// @ts-expect-error -- kind is a union, not any string
export const badKind = <wallet-connect-modal onwallet-transaction={(e) => e.detail.kind === 'mint'} />;
export const button = <wallet-connect-button for="wallet" theme="light" />;
