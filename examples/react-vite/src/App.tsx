import { useRef, useState } from 'react';
import 'wallet-connect-modal';
import type {} from 'wallet-connect-modal/react';
import type { WalletConnectModalElement } from 'wallet-connect-modal';

export function App() {
  const modal = useRef<WalletConnectModalElement>(null);
  const [address, setAddress] = useState<string>();
  return (
    <>
      <wallet-connect-button for="wallet"></wallet-connect-button>
      <wallet-connect-modal
        id="wallet"
        ref={modal}
        networks="eip155:1,eip155:8453"
        theme="dark"
        onwallet-connect={(event) => setAddress(event.detail.address)}
        onwallet-disconnect={() => setAddress(undefined)}
      ></wallet-connect-modal>
      <p>{address ? `Connected: ${address}` : 'Not connected'}</p>
      <button onClick={() => modal.current?.open({ view: 'Connect' })}>Open</button>
    </>
  );
}
