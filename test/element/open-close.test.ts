import { expect } from '@esm-bundle/chai';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import type { WalletConnectModalElement } from '../../src/index.js';
import { cleanup, deepActive, dialogOf, mount, openAndRender, part, record, titleText, waitFor } from './support/element.js';

type ViewDetail = { view: string };

describe('<wallet-connect-modal> open and close', () => {
  let el: WalletConnectModalElement;
  let opens: ReturnType<typeof record<ViewDetail>>;
  let closes: ReturnType<typeof record<ViewDetail>>;

  beforeEach(() => {
    opens = record<ViewDetail>('wallet-open');
    closes = record<ViewDetail>('wallet-close');
    el = mount();
  });
  afterEach(async () => {
    opens.stop();
    closes.stop();
    await cleanup();
    document.querySelectorAll('[data-opener]').forEach((b) => b.remove());
  });

  // Closed before the views' chunk has rendered, the entry's shell (elements/view-shell.ts) is gone: no dialog at all.
  const closed = () => waitFor(() => !dialogOf(el)?.open, 'the dialog to close');

  it('open() dispatches wallet-open { view: "Connect" } (bubbling to document) and reflects the open attribute', async () => {
    const onElement: unknown[] = [];
    el.addEventListener('wallet-open', (e) => onElement.push(e.detail));
    el.open();
    expect(opens.details).to.deep.equal([{ view: 'Connect' }]);
    expect(onElement).to.deep.equal([{ view: 'Connect' }]);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(el.state).to.include({ open: true, view: 'Connect', status: 'disconnected' });
    await waitFor(() => dialogOf(el)?.open, 'the dialog to open');
  });

  it('close() dispatches wallet-close { view: "Connect" } and removes the open attribute', async () => {
    await openAndRender(el);
    el.close();
    expect(closes.details).to.deep.equal([{ view: 'Connect' }]);
    expect(el.hasAttribute('open')).to.equal(false);
    await closed();
  });

  it('open() while open dispatches nothing more', async () => {
    await openAndRender(el);
    el.open();
    expect(opens.details).to.have.length(1);
  });

  it('setting the open attribute opens; removing it closes', async () => {
    el.setAttribute('open', '');
    expect(opens.details).to.deep.equal([{ view: 'Connect' }]);
    await waitFor(() => dialogOf(el)?.open, 'the dialog to open');
    el.removeAttribute('open');
    expect(closes.details).to.deep.equal([{ view: 'Connect' }]);
    await closed();
  });

  it('an element written with the open attribute is open once connected', async () => {
    el.remove();
    const host = document.createElement('div');
    host.setAttribute('data-test-widget', '');
    host.innerHTML = '<wallet-connect-modal open></wallet-connect-modal>';
    document.body.append(host);
    el = host.firstElementChild as WalletConnectModalElement;
    expect(el.state.open, 'state.open after connecting <wallet-connect-modal open>').to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(opens.details).to.deep.equal([{ view: 'Connect' }]);
    await waitFor(() => dialogOf(el)?.open, 'the dialog to open');
  });

  it('is a modal dialog labelled by its title "Connect Wallet", with focus inside', async () => {
    const dialog = await openAndRender(el);
    expect(dialog.matches(':modal')).to.equal(true);
    const labelledBy = dialog.getAttribute('aria-labelledby');
    expect(labelledBy).to.be.a('string');
    const label = el.shadowRoot!.getElementById(labelledBy!);
    expect(label?.tagName).to.equal('H2');
    expect(label?.textContent).to.equal('Connect Wallet');
    expect(titleText(el)).to.equal('Connect Wallet');
    await waitFor(() => dialog.contains(deepActive()), 'focus to move into the dialog');
  });

  it('Escape closes it', async () => {
    await openAndRender(el);
    await waitFor(() => dialogOf(el).contains(deepActive()), 'focus inside');
    await sendKeys({ press: 'Escape' });
    await closed();
    expect(closes.details).to.deep.equal([{ view: 'Connect' }]);
    expect(el.hasAttribute('open')).to.equal(false);
  });

  it('the close button (part close-button, "Close") closes it', async () => {
    await openAndRender(el);
    const button = part(el, 'close-button')!;
    expect(button.tagName).to.equal('BUTTON');
    expect(button.getAttribute('aria-label')).to.equal('Close');
    button.click();
    await closed();
    expect(closes.details).to.deep.equal([{ view: 'Connect' }]);
  });

  it('gives focus back to the page button that opened it', async () => {
    const opener = document.createElement('button');
    opener.textContent = 'Connect';
    opener.setAttribute('data-opener', '');
    opener.addEventListener('click', () => el.open());
    document.body.prepend(opener);
    opener.focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => dialogOf(el)?.open && dialogOf(el).contains(deepActive()), 'focus inside the open dialog');
    await sendKeys({ press: 'Escape' });
    await closed();
    await waitFor(() => document.activeElement === opener, 'focus back on the opener');
  });

  it('the page behind is inert while open (a click on a page button does nothing)', async () => {
    let clicked = 0;
    const outside = document.createElement('button');
    outside.textContent = 'Outside';
    outside.setAttribute('data-opener', '');
    outside.addEventListener('click', () => clicked++);
    document.body.prepend(outside);
    await openAndRender(el);
    outside.focus();
    expect(document.activeElement).to.not.equal(outside);
  });

  it('survives being moved in the DOM while open (state lives in stores)', async () => {
    await openAndRender(el);
    const elsewhere = document.createElement('div');
    elsewhere.setAttribute('data-test-widget', '');
    document.body.append(elsewhere);
    elsewhere.append(el);
    await waitFor(() => dialogOf(el)?.open && part(el, 'body')?.childElementCount, 'the dialog open again after the move');
    expect(dialogOf(el).matches(':modal')).to.equal(true);
    expect(titleText(el)).to.equal('Connect Wallet');
    expect(el.hasAttribute('open')).to.equal(true);
    expect(closes.details).to.deep.equal([]);
    expect(opens.details).to.deep.equal([{ view: 'Connect' }]);
  });
});
