import { expect } from '@esm-bundle/chai';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { ALICE, announceWallet, createFakeProvider, providerError, walletInfo } from '../unit/support/fake-wallet.js';
import { cleanup, dialogOf, mount, openAndRender, part, waitFor, walletButtons } from './support/element.js';

const HOSTILE = `
  * { color: red !important; font-size: 40px !important; font-family: serif !important; letter-spacing: 10px !important;
      text-transform: uppercase !important; line-height: 3 !important; }
  dialog { display: none !important; }
  button { display: none !important; }
  h2 { display: none !important; }
  wallet-connect-modal { color: red; font-size: 50px; }
`;

function addPageStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
}

describe('<wallet-connect-modal> style isolation', () => {
  const styles: HTMLStyleElement[] = [];
  let el: WalletConnectModalElement;
  afterEach(async () => {
    styles.splice(0).forEach((s) => s.remove());
    await cleanup();
  });

  it('hostile page CSS does not reach the dialog, its title or its buttons', async () => {
    styles.push(addPageStyle(HOSTILE));
    el = mount();
    const dialog = await openAndRender(el);

    const box = getComputedStyle(dialog);
    expect(box.display).to.not.equal('none');
    expect(dialog.getBoundingClientRect().width).to.be.greaterThan(200);
    expect(dialog.getBoundingClientRect().height).to.be.greaterThan(50);

    const title = part(el, 'title')!;
    const t = getComputedStyle(title);
    expect(t.display).to.not.equal('none');
    expect(t.color).to.not.equal('rgb(255, 0, 0)');
    expect(t.color).to.equal('rgb(20, 20, 20)');
    expect(t.fontSize).to.equal('16px');
    expect(t.fontFamily).to.not.match(/^serif/);
    expect(t.fontFamily).to.contain('system-ui');
    expect(t.textTransform).to.equal('none');
    expect(t.letterSpacing).to.equal('normal');
    expect(title.textContent).to.equal('Connect Wallet');

    const close = part(el, 'close-button')!;
    expect(getComputedStyle(close).display).to.not.equal('none'); // inline-flex, blockified to flex in the header grid
    expect(close.getBoundingClientRect().width).to.equal(40);

    const hint = el.shadowRoot!.querySelector('.hint')!;
    expect(getComputedStyle(hint).fontSize).to.equal('14px');
    expect(getComputedStyle(hint).color).to.not.equal('rgb(255, 0, 0)');
  });

  it('::part(dialog) from the page applies', async () => {
    styles.push(addPageStyle('wallet-connect-modal::part(dialog) { border-color: rgb(1, 2, 3); }'));
    el = mount();
    const dialog = await openAndRender(el);
    expect(getComputedStyle(dialog).borderTopColor).to.equal('rgb(1, 2, 3)');
  });

  it('::part(title) and ::part(close-button) from the page apply', async () => {
    styles.push(addPageStyle('wallet-connect-modal::part(title) { color: rgb(4, 5, 6); } wallet-connect-modal::part(close-button) { background-color: rgb(7, 8, 9); }'));
    el = mount();
    await openAndRender(el);
    expect(getComputedStyle(part(el, 'title')!).color).to.equal('rgb(4, 5, 6)');
    expect(getComputedStyle(part(el, 'close-button')!).backgroundColor).to.equal('rgb(7, 8, 9)');
  });

  describe('--wallet-modal-accent', () => {
    const provider = createFakeProvider({ accounts: [ALICE] });
    let stop: () => void;
    before(() => {
      provider.handle('eth_requestAccounts', () => {
        throw providerError(4001, 'User rejected the request.');
      });
      stop = announceWallet(walletInfo('com.example.refuser', 'Refusing Wallet'), provider);
    });
    after(() => stop());

    async function primaryButton(): Promise<HTMLElement> {
      await openAndRender(el);
      const button = await waitFor(() => walletButtons(el)[0], 'a wallet');
      button.click();
      return waitFor(() => el.shadowRoot!.querySelector<HTMLElement>('.button.primary'), 'the Try again button');
    }

    it('defaults to the light theme accent', async () => {
      el = mount({ theme: 'light' });
      const button = await primaryButton();
      expect(button.textContent).to.equal('Try again');
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(41, 87, 216)');
    });

    it('set on the element, colours the primary button', async () => {
      el = mount({ theme: 'light' });
      el.style.setProperty('--wallet-modal-accent', 'rgb(10, 120, 30)');
      const button = await primaryButton();
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(10, 120, 30)');
    });

    it('set on an ancestor, reaches the element too', async () => {
      const wrapper = document.createElement('div');
      wrapper.setAttribute('data-test-widget', '');
      wrapper.style.setProperty('--wallet-modal-accent', 'rgb(200, 0, 100)');
      document.body.append(wrapper);
      el = document.createElement('wallet-connect-modal');
      wrapper.append(el);
      const button = await primaryButton();
      expect(getComputedStyle(button).backgroundColor).to.equal('rgb(200, 0, 100)');
    });
  });

  it('leaves the dialog hidden when closed', async () => {
    el = mount();
    await openAndRender(el);
    el.close();
    await waitFor(() => !dialogOf(el).open, 'closed');
    expect(getComputedStyle(dialogOf(el)).display).to.equal('none');
  });
});
