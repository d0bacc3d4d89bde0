import { expect } from '@esm-bundle/chai';
import type { AuthConnectors } from '../../../src/connectors/auth/connector.js';
import { FrameError, type FrameClient } from '../../../src/connectors/auth/frame-client.js';
import { isWidgetError } from '../../../src/core/errors.js';
import { $accountType } from '../../../src/stores/account-type.js';
import { bindAccountType, followNetwork, switchAccountType } from '../../../src/stores/actions/account-type.js';
import { $connections, type Connected } from '../../../src/stores/connection.js';

const EOA = '0x1111111111111111111111111111111111111111';
const SMART = '0x2222222222222222222222222222222222222222';
const REFUSAL = 'Switching to a smart account needs a smart account enabled on the active network';

describe('switching an email login between its EOA and its smart account', () => {
  let asked: { method: string; params: unknown }[];
  let moved: string[];
  const bind = (answer: (method: string, params: unknown) => unknown) => {
    asked = [];
    moved = [];
    const client = { iframe: document.createElement('iframe'), close() {}, async request(method: string, params?: unknown) { asked.push({ method, params }); return answer(method, params); } } as FrameClient;
    const connectors = { setEvmAccount: (address: string) => moved.push(address) } as unknown as AuthConnectors;
    bindAccountType({ client, connectors });
  };
  const onChain = (chainId: string) => $connections.set({ eip155: { status: 'connected', walletId: 'auth', namespace: 'eip155', address: EOA, chainId, connector: { id: 'auth', name: 'Email', type: 'auth' } } as Connected });
  const refusal = async (): Promise<string> => {
    try {
      await switchAccountType('smartAccount');
    } catch (error) {
      return isWidgetError(error) ? error.shortMessage : String(error);
    }
    return 'switched';
  };

  afterEach(() => {
    bindAccountType(undefined);
    $connections.set({});
  });

  it('refuses the smart account on a network the service offers none on, asking nothing and moving nothing', async () => {
    bind(() => { throw new Error('not asked'); });
    $accountType.set({ preferred: 'eoa', eoa: EOA, networks: ['eip155:31337'] });
    onChain('eip155:1');
    expect(await refusal()).to.equal(REFUSAL);
    expect(asked).to.deep.equal([]);
    expect(moved).to.deep.equal([]);
    expect($accountType.get()?.preferred).to.equal('eoa');
  });

  it('the service refusing (smart_account_not_enabled) says the same and changes nothing', async () => {
    bind(() => { throw new FrameError('smart_account_not_enabled', 'smart_account_not_enabled'); });
    $accountType.set({ preferred: 'eoa', eoa: EOA, networks: ['eip155:31337'] });
    onChain('eip155:31337');
    expect(await refusal()).to.equal(REFUSAL);
    expect(moved).to.deep.equal([]);
  });

  it('switches where offered: the EVM side moves to the smart account, then back to the EOA', async () => {
    let type = 'eoa';
    bind((method, params) => {
      if (method === 'set_preferred_account') type = (params as { type: string }).type;
      return { networks: ['eip155:31337'], preferredAccountType: type, smartAccount: { chainId: 'eip155:31337', address: SMART, deployed: false } };
    });
    $accountType.set({ preferred: 'eoa', eoa: EOA, networks: ['eip155:31337'] });
    onChain('eip155:31337');
    await switchAccountType('smartAccount');
    await switchAccountType('eoa');
    expect(asked).to.deep.equal([
      { method: 'set_preferred_account', params: { type: 'smartAccount', chainId: 'eip155:31337' } },
      { method: 'set_preferred_account', params: { type: 'eoa', chainId: 'eip155:31337' } },
    ]);
    expect(moved).to.deep.equal([SMART, EOA]);
  });

  it('follows the network: the EOA where the new network has no smart account, the smart account again where it has', async () => {
    const offered = (chainId: string) => chainId === 'eip155:31337';
    bind((method, params) => {
      const chainId = (params as { chainId: string }).chainId;
      return { networks: ['eip155:31337'], preferredAccountType: 'smartAccount', ...(offered(chainId) ? { smartAccount: { chainId, address: SMART, deployed: true } } : {}) };
    });
    $accountType.set({ preferred: 'smartAccount', eoa: EOA, networks: ['eip155:31337'], smartAccount: { chainId: 'eip155:31337', address: SMART, deployed: true } });
    await followNetwork('eip155:1');
    expect($accountType.get()?.smartAccount).to.equal(undefined);
    expect($accountType.get()?.preferred).to.equal('smartAccount');
    await followNetwork('eip155:31337');
    expect(moved).to.deep.equal([EOA, SMART]);
    expect($accountType.get()?.smartAccount?.deployed).to.equal(true);
  });

  it('drops an older network answer that comes after a newer one', async () => {
    const answers: Record<string, (value: unknown) => void> = {};
    bind((_method, params) => new Promise((resolve) => (answers[(params as { chainId: string }).chainId] = resolve)));
    $accountType.set({ preferred: 'smartAccount', eoa: EOA, networks: ['eip155:31337'] });
    const first = followNetwork('eip155:31337');
    const second = followNetwork('eip155:1');
    answers['eip155:1']!({ networks: ['eip155:31337'], preferredAccountType: 'smartAccount' });
    await second;
    answers['eip155:31337']!({ networks: ['eip155:31337'], preferredAccountType: 'smartAccount', smartAccount: { chainId: 'eip155:31337', address: SMART, deployed: false } });
    await first;
    expect(moved).to.deep.equal([EOA]);
    expect($accountType.get()?.smartAccount).to.equal(undefined);
  });
});
