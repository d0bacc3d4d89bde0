/** @jsxImportSource preact */
import type {} from 'wallet-connect-modal/preact';

export const ok = <wallet-connect-modal networks="eip155:1" theme="dark" onwallet-connect={(e) => e.detail.address.toLowerCase()} />;
// @ts-expect-error -- theme is 'light' | 'dark' | 'system'
export const badTheme = <wallet-connect-modal theme={42} />;
