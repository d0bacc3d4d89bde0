/** @jsxImportSource solid-js */
import type {} from 'wallet-connect-modal/solid';

export const ok = <wallet-connect-modal networks="eip155:1" theme="dark" on:wallet-connect={(e) => e.detail.address.toLowerCase()} />;
// @ts-expect-error -- theme is 'light' | 'dark' | 'system'
export const badTheme = <wallet-connect-modal theme={42} />;
