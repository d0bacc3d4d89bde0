import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createPublicClient, http } from 'viem';
import { startAnvil, type Anvil } from '../../devstack/anvil.js';
import { rpcCall } from '../../server/json-rpc.js';
import { PortInUseError } from '../../server/ports.js';
import { childProcesses, isAlive, occupyPort } from './helpers.js';

/** Account #0 of the default mnemonic "test test … junk". */
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('startAnvil', () => {
  const started: Anvil[] = [];
  after(async () => {
    await Promise.all(started.map((anvil) => anvil.stop()));
  });

  it('answers eth_chainId with the requested id and funds the default accounts', async () => {
    const anvil = await startAnvil({ chainId: 31337 });
    started.push(anvil);
    assert.equal(anvil.chainId, 31337);
    assert.match(anvil.rpcUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(anvil.rpcUrl, `http://127.0.0.1:${anvil.port}`);
    assert.equal(await rpcCall(anvil.rpcUrl, 'eth_chainId'), '0x7a69');

    const client = createPublicClient({ transport: http(anvil.rpcUrl) });
    assert.equal(await client.getChainId(), 31337);
    assert.equal(await client.getBalance({ address: ACCOUNT_0 }), 10_000n * 10n ** 18n);
  });

  it('uses the chain id it is given, on a port of its own', async () => {
    const anvil = await startAnvil({ chainId: 424242 });
    started.push(anvil);
    assert.equal(await rpcCall(anvil.rpcUrl, 'eth_chainId'), '0x67932');
    assert.notEqual(anvil.port, started[0]?.port);
  });

  it('stop() ends the process and frees the port; a second stop() is a no-op', async () => {
    const anvil = await startAnvil({ chainId: 31338 });
    assert.equal(isAlive(anvil.pid), true);
    assert.deepEqual(childProcesses('anvil').includes(anvil.pid), true);

    await anvil.stop();
    assert.equal(isAlive(anvil.pid), false);
    await assert.rejects(rpcCall(anvil.rpcUrl, 'eth_chainId', [], 500), (err: Error & { cause?: { code?: string } }) => {
      assert.equal(err.cause?.code, 'ECONNREFUSED');
      return true;
    });
    // Graceful: anvil exits 0 on SIGTERM, so the SIGKILL fallback was not needed.
    assert.deepEqual(await anvil.exited, { code: 0, signal: null, stderr: '' });
    await anvil.stop();
  });

  it('starts on a fixed port when asked', async () => {
    const { port, release } = await occupyPort();
    await release(); // now known to be free
    const anvil = await startAnvil({ chainId: 31339, port });
    started.push(anvil);
    assert.equal(anvil.port, port);
    assert.equal(anvil.rpcUrl, `http://127.0.0.1:${port}`);
    assert.equal(await rpcCall(anvil.rpcUrl, 'eth_chainId'), '0x7a6b');
  });

  it('refuses a fixed port that is taken, naming it, and leaves no process behind', async () => {
    const held = await occupyPort();
    const before = childProcesses('anvil').length;
    try {
      await assert.rejects(startAnvil({ chainId: 31337, port: held.port }), (err: unknown) => {
        assert.ok(err instanceof PortInUseError);
        assert.equal(err.port, held.port);
        assert.equal(err.host, '127.0.0.1');
        assert.match(err.message, new RegExp(`port ${held.port} on 127\\.0\\.0\\.1 is already in use`));
        return true;
      });
      assert.equal(childProcesses('anvil').length, before);
    } finally {
      await held.release();
    }
  });

  it('reports anvil\'s own stderr when it exits before it is ready', async () => {
    const before = childProcesses('anvil').length;
    await assert.rejects(startAnvil({ chainId: -1 }), (err: Error) => {
      assert.match(err.message, /^anvil for chain -1 on http:\/\/127\.0\.0\.1:\d+ exited with code 2 signal null before it was ready/);
      assert.match(err.message, /anvil stderr:\nerror: unexpected argument '-1' found/);
      return true;
    });
    assert.equal(childProcesses('anvil').length, before);
  });

  it('gives up after readyTimeoutMs and kills the process it started', async () => {
    const before = childProcesses('anvil').length;
    await assert.rejects(startAnvil({ chainId: 31337, readyTimeoutMs: 1 }), (err: Error) => {
      assert.match(err.message, /^anvil for chain 31337 on http:\/\/127\.0\.0\.1:\d+ did not answer eth_chainId within 1 ms/);
      return true;
    });
    assert.equal(childProcesses('anvil').length, before);
  });
});
