'use client';
import { useEffect, useState } from 'react';
import type {} from 'wallet-connect-modal/react';

/**
 * The element is defined in the browser only: the package is imported in an effect, so the server renders the
 * same empty <wallet-connect-modal> the client's first render has (no hydration mismatch), and it upgrades then.
 */
export function Wallet() {
  const [address, setAddress] = useState<string>();
  useEffect(() => {
    void import('wallet-connect-modal');
  }, []);
  return (
    <>
      <wallet-connect-button></wallet-connect-button>
      <wallet-connect-modal networks="eip155:1" theme="system" onwallet-connect={(e) => setAddress(e.detail.address)}></wallet-connect-modal>
      <p>{address ? `Connected: ${address}` : 'Not connected'}</p>
    </>
  );
}
