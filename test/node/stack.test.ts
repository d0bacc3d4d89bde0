import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { rpcCall } from '../../server/json-rpc.js';
import { assertPortFree, findFreePort, PortInUseError } from '../../server/ports.js';
import { LOCAL_SOLANA_CHAIN_ID, LOCAL_SOLANA_GENESIS_HASH } from '../../server/solana/constants.js';
import { startStack, type Stack } from '../../devstack/stack.js';
import { ID_REGISTRY_ADDRESS, LOCAL_FIDS } from '../../server/farcaster-relay/registry.js';
import { ALICE, Browser, evmMessage, solanaKey, solanaMessage, solanaSign, type Site } from './auth-helpers.js';
import { childProcesses, DEMO_HTML, makeTempRoot, occupyPort } from './helpers.js';

/** True when nothing accepts connections at `url` any more. */
/** True when nothing answers at `url` any more (refused, reset or silent: no HTTP response at all). */
async function refuses(url: string): Promise<boolean> {
  try {
    await fetch(url, { method: 'POST', body: '{}', signal: AbortSignal.timeout(1000) });
    return false;
  } catch {
    return true;
  }
}

describe('startStack', () => {
  let root: string;
  let cleanup: () => Promise<void>;
  before(async () => {
    ({ root, cleanup } = await makeTempRoot());
  });
  after(() => cleanup());

  it('starts two chains with distinct ids and a web server that knows both; stop() ends all', async () => {
    const anvilsBefore = childProcesses('anvil').length;
    const stack: Stack = await startStack({ root });
    let stopped = false;
    try {
      assert.deepEqual(
        stack.chains.map((chain) => chain.chainId),
        [31337, 31338],
      );
      const [a, b] = stack.chains as [Stack['chains'][0], Stack['chains'][0]];
      assert.notEqual(a.rpcUrl, b.rpcUrl);
      assert.equal(await rpcCall(a.rpcUrl, 'eth_chainId'), '0x7a69');
      assert.equal(await rpcCall(b.rpcUrl, 'eth_chainId'), '0x7a6a');
      assert.equal(childProcesses('anvil').length, anvilsBefore + 2);

      assert.match(stack.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const page = await fetch(stack.url);
      assert.equal(page.status, 200);
      assert.equal(
        await page.text(),
        `<!doctype html><title>t</title><meta name="rpc" content="${a.rpcUrl}|${b.rpcUrl}|${a.rpcUrl}|%RPC_URL_1%">`,
      );
      assert.match(stack.relayUrl, /^ws:\/\/127\.0\.0\.1:\d+$/);
      assert.match(stack.directoryUrl, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const directory = new URL(stack.directoryUrl).origin;
      assert.equal(
        page.headers.get('content-security-policy'),
        `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: ${directory}; ` +
          `connect-src 'self' ${a.rpcUrl} ${b.rpcUrl} ${new URL(stack.apiUrl).origin} ${stack.relayUrl} ${directory} ${stack.solana.rpcUrl} ${stack.solana.wsUrl}; ` +
          `frame-src ${stack.login.origin}; base-uri 'none'; object-src 'none'; frame-ancestors 'none'`,
      );
      // The email-login service on its own origin, which only the demo page may frame, and its mail capture.
      assert.notEqual(stack.login.origin, new URL(stack.url).origin);
      const loginSession = await fetch(new URL('api/session', stack.login.url));
      assert.equal(loginSession.status, 401);
      assert.match(loginSession.headers.get('content-security-policy') ?? '', new RegExp(`frame-ancestors ${new URL(stack.url).origin}$`));
      assert.equal((await fetch(stack.login.mail!.inboxUrl)).status, 200);
      // Social login: the stand-in issuer answers discovery, and the service has every provider it serves.
      const discovery = (await (await fetch(`${stack.login.oidc!.issuer}/.well-known/openid-configuration`)).json()) as { issuer: string };
      assert.equal(discovery.issuer, stack.login.oidc!.issuer);
      assert.deepEqual(await (await fetch(new URL('social/providers', stack.login.url))).json(), { providers: ['google', 'x', 'discord', 'github', 'apple', 'facebook'] });
      // The wallet data API answers for both chains.
      const chains = await fetch(new URL(`v1/supported-chains?projectId=t&st=t&sv=t`, stack.apiUrl));
      assert.deepEqual(await chains.json(), { http: ['eip155:31337', 'eip155:31338', LOCAL_SOLANA_CHAIN_ID], ws: [] });
      // The relay and the directory answer, and the demo page gets their URLs.
      const relayPort = new URL(stack.relayUrl).port;
      assert.equal((await fetch(`http://127.0.0.1:${relayPort}/health`)).status, 200);
      const wallets = await fetch(new URL('getWallets?projectId=t&st=t&sv=t&page=1&entries=1', stack.directoryUrl));
      assert.equal(wallets.status, 200);
      assert.equal(((await wallets.json()) as { data: unknown[] }).data.length, 1);
      await writeFile(join(root, 'demo', 'index.html'), '<p relay="%RELAY_URL%" directory="%DIRECTORY_URL%" api="%API_URL%" sol="%SOLANA_CHAIN_ID%|%SOLANA_RPC_URL%|%SOLANA_WS_URL%"></p>');
      assert.equal(
        await (await fetch(stack.url)).text(),
        `<p relay="${stack.relayUrl}" directory="${stack.directoryUrl}" api="${stack.apiUrl}" sol="${LOCAL_SOLANA_CHAIN_ID}|${stack.solana.rpcUrl}|${stack.solana.wsUrl}"></p>`,
      );
      // The local Solana chain answers with its fixed genesis hash, seeded.
      assert.equal(stack.solana.chainId, LOCAL_SOLANA_CHAIN_ID);
      assert.equal(await rpcCall(stack.solana.rpcUrl, 'getGenesisHash'), LOCAL_SOLANA_GENESIS_HASH);
      assert.equal(stack.solana.seeded?.tokens.map((t) => t.symbol).join(), 'USDS,ZERO,SPAM');
      assert.equal(new URL(stack.solana.wsUrl).port, String(Number(new URL(stack.solana.rpcUrl).port) + 1));
      // The wallet data API serves it: SOL at the stack's table price, the seeded USDS.
      const solDev = stack.solana.seeded?.accounts[0];
      const solBalances = await fetch(new URL(`v1/account/${solDev}/balance?projectId=t&st=t&sv=t&chainId=${stack.solana.chainId}`, stack.apiUrl));
      const { balances } = (await solBalances.json()) as { balances: { symbol: string; price: number; quantity: { numeric: string } }[] };
      assert.deepEqual(balances.filter((b) => b.symbol !== 'ZERO').map((b) => [b.symbol, b.price]).sort(), [['SOL', 150], ['USDS', 1]]);
      assert.equal(balances.find((b) => b.symbol === 'USDS')?.quantity.numeric, '2750');
      await writeFile(join(root, 'demo', 'index.html'), DEMO_HTML);
      // The sign-in backend on the page's own origin accepts sign-ins on the stack's chains, Solana included.
      assert.equal(stack.authUrl, `${stack.url}api/auth`);
      const site = { url: stack.url, origin: new URL(stack.url).origin, host: new URL(stack.url).host, clock: { now: Date.now() } } as Site;
      for (const chainId of ['eip155:31338', stack.solana.chainId] as `${string}:${string}`[]) {
        const browser = new Browser(site);
        const nonce = await browser.csrf();
        const key = solanaKey();
        const message = chainId === 'eip155:31338' ? evmMessage(site, nonce, { chainId }) : solanaMessage(site, nonce, key.address, { chainId });
        const signature = chainId === 'eip155:31338' ? await ALICE.signMessage({ message }) : solanaSign(message, key.secret);
        assert.equal((await browser.signIn(message, signature, nonce)).error, null);
        assert.equal(((await browser.session()) as { chainId: string }).chainId, chainId);
      }

      // The Farcaster relay answers the channel protocol, and chain a has the IdRegistry with fid 1 (farcaster-relay/).
      assert.match(stack.farcasterRelayUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
      const channel = await fetch(`${stack.farcasterRelayUrl}/v1/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ siweUri: stack.login.url, domain: 'x' }) });
      assert.equal(channel.status, 201);
      const idOf = `0xd94fe832${LOCAL_FIDS[0]!.custody.address.slice(2).toLowerCase().padStart(64, '0')}`;
      assert.equal(await rpcCall(a.rpcUrl, 'eth_call', [{ to: ID_REGISTRY_ADDRESS, data: idOf }, 'latest']), `0x${'1'.padStart(64, '0')}`);

      await Promise.all([stack.stop(), stack.stop()]);
      stopped = true;
      assert.equal(await refuses(stack.farcasterRelayUrl), true);
      assert.equal(childProcesses('anvil').length, anvilsBefore);
      assert.equal(await refuses(a.rpcUrl), true);
      assert.equal(await refuses(b.rpcUrl), true);
      assert.equal(await refuses(stack.url), true);
      assert.equal(await refuses(`http://127.0.0.1:${relayPort}/health`), true);
      assert.equal(await refuses(stack.directoryUrl), true);
      assert.equal(await refuses(stack.solana.rpcUrl), true);
      assert.equal(await refuses(stack.login.url), true);
      assert.equal(await refuses(stack.login.mail!.inboxUrl), true);
      assert.equal(await refuses(stack.login.oidc!.issuer), true);
      await stack.stop();
    } finally {
      if (!stopped) await stack.stop();
    }
  });

  it('honours fixed ports and chain ids', async () => {
    const [webPort, evmA, evmB, relayPort, directoryPort] = [await findFreePort(), await findFreePort(), await findFreePort(), await findFreePort(), await findFreePort()];
    // The Solana chain takes two ports (RPC, then its WebSocket on the next): ports handed out one after the other
    // are often adjacent, so the next one must be none of the others and free as well.
    const taken = [webPort, evmA, evmB, relayPort, directoryPort];
    let solanaPort = await findFreePort();
    while (taken.includes(solanaPort + 1) || !(await assertPortFree('solana ws', '127.0.0.1', solanaPort + 1).then(() => true, () => false))) solanaPort = await findFreePort();
    const stack = await startStack({ root, webPort, evmPorts: [evmA, evmB], chainIds: [1337, 5], relayPort, directoryPort, solanaPort });
    try {
      const { seeded: _seeded, ...solana } = stack.solana;
      assert.deepEqual(solana, { chainId: LOCAL_SOLANA_CHAIN_ID, rpcUrl: `http://127.0.0.1:${solanaPort}`, wsUrl: `ws://127.0.0.1:${solanaPort + 1}` });
      assert.equal(stack.url, `http://127.0.0.1:${webPort}/`);
      assert.equal(stack.relayUrl, `ws://127.0.0.1:${relayPort}`);
      assert.equal(stack.directoryUrl, `http://127.0.0.1:${directoryPort}/`);
      assert.deepEqual(stack.chains, [
        { chainId: 1337, rpcUrl: `http://127.0.0.1:${evmA}` },
        { chainId: 5, rpcUrl: `http://127.0.0.1:${evmB}` },
      ]);
      assert.equal(await rpcCall(`http://127.0.0.1:${evmB}`, 'eth_chainId'), '0x5');
    } finally {
      await stack.stop();
    }
  });

  it('stops the chains it started when the web port is taken', async () => {
    const held = await occupyPort();
    const anvilsBefore = childProcesses('anvil').length;
    const [evmA, evmB, relayPort, directoryPort] = [await findFreePort(), await findFreePort(), await findFreePort(), await findFreePort()];
    try {
      await assert.rejects(startStack({ root, webPort: held.port, evmPorts: [evmA, evmB], relayPort, directoryPort }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'web server');
        return true;
      });
      assert.equal(childProcesses('anvil').length, anvilsBefore);
      assert.equal(await refuses(`http://127.0.0.1:${evmA}`), true);
      assert.equal(await refuses(`http://127.0.0.1:${evmB}`), true);
      assert.equal(await refuses(`http://127.0.0.1:${relayPort}/health`), true);
      assert.equal(await refuses(`http://127.0.0.1:${directoryPort}/`), true);
    } finally {
      await held.release();
    }
  });

  it('stops the chains and the directory when the relay port is taken', async () => {
    const held = await occupyPort();
    const anvilsBefore = childProcesses('anvil').length;
    const [evmA, evmB, directoryPort] = [await findFreePort(), await findFreePort(), await findFreePort()];
    try {
      await assert.rejects(startStack({ root, seed: false, evmPorts: [evmA, evmB], relayPort: held.port, directoryPort }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'WalletConnect relay');
        return true;
      });
      assert.equal(childProcesses('anvil').length, anvilsBefore);
      assert.equal(await refuses(`http://127.0.0.1:${evmA}`), true);
      assert.equal(await refuses(`http://127.0.0.1:${directoryPort}/`), true);
    } finally {
      await held.release();
    }
  });

  it('stops the other chain when one chain port is taken', async () => {
    const held = await occupyPort();
    const anvilsBefore = childProcesses('anvil').length;
    const evmB = await findFreePort();
    try {
      await assert.rejects(startStack({ root, evmPorts: [held.port, evmB] }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'anvil (chain 31337)');
        return true;
      });
      assert.equal(childProcesses('anvil').length, anvilsBefore);
      assert.equal(await refuses(`http://127.0.0.1:${evmB}`), true);
    } finally {
      await held.release();
    }
  });

  it('stops the chains when the Solana port is taken', async () => {
    const held = await occupyPort();
    const anvilsBefore = childProcesses('anvil').length;
    const [evmA, evmB] = [await findFreePort(), await findFreePort()];
    try {
      await assert.rejects(startStack({ root, seed: false, evmPorts: [evmA, evmB], solanaPort: held.port }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.service, 'solana');
        return true;
      });
      assert.equal(childProcesses('anvil').length, anvilsBefore);
      assert.equal(await refuses(`http://127.0.0.1:${evmA}`), true);
    } finally {
      await held.release();
    }
  });

  it('rejects duplicate chain ids before starting anything', async () => {
    await assert.rejects(startStack({ root, chainIds: [31337, 31337] }), /chain ids must be distinct, got 31337, 31337/);
  });
});
