import { Wallet } from './wallet';

export default function Page() {
  return (
    <main>
      <h1>Next.js</h1>
      <Wallet />
    </main>
  );
}
