import { expect } from '@esm-bundle/chai';
import { emulateMedia } from '@web/test-runner-commands';
import '../../src/index.js';
import { cleanup, dialogOf, mount, openAndRender, part } from './support/element.js';

const WHITE = 'rgb(255, 255, 255)';
const DARK = 'rgb(24, 25, 27)';
const background = (el: HTMLElement) => getComputedStyle(dialogOf(el)).backgroundColor;

describe('<wallet-connect-modal> themes', () => {
  afterEach(async () => {
    await emulateMedia({ colorScheme: 'light' });
    await cleanup();
  });

  it('light: white background, dark text', async () => {
    const el = mount({ theme: 'light' });
    await openAndRender(el);
    expect(background(el)).to.equal(WHITE);
    expect(getComputedStyle(part(el, 'title')!).color).to.equal('rgb(20, 20, 20)');
  });

  it('dark: rgb(24, 25, 27) background, light text', async () => {
    const el = mount({ theme: 'dark' });
    await openAndRender(el);
    expect(background(el)).to.equal(DARK);
    expect(getComputedStyle(part(el, 'title')!).color).to.equal('rgb(241, 242, 244)');
  });

  it('switching the theme property redraws at once', async () => {
    const el = mount({ theme: 'light' });
    await openAndRender(el);
    el.theme = 'dark';
    expect(background(el)).to.equal(DARK);
    el.theme = 'light';
    expect(background(el)).to.equal(WHITE);
  });

  it('system follows prefers-color-scheme', async () => {
    const el = mount({ theme: 'system' });
    await openAndRender(el);
    await emulateMedia({ colorScheme: 'dark' });
    expect(background(el)).to.equal(DARK);
    await emulateMedia({ colorScheme: 'light' });
    expect(background(el)).to.equal(WHITE);
  });

  it('light stays light when the system prefers dark', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    const el = mount({ theme: 'light' });
    await openAndRender(el);
    expect(background(el)).to.equal(WHITE);
  });

  it('--wallet-modal-background overrides light, dark and system', async () => {
    const el = mount({ theme: 'light' });
    el.style.setProperty('--wallet-modal-background', 'rgb(5, 6, 7)');
    await openAndRender(el);
    expect(background(el)).to.equal('rgb(5, 6, 7)');
    el.theme = 'dark';
    expect(background(el)).to.equal('rgb(5, 6, 7)');
    el.theme = 'system';
    await emulateMedia({ colorScheme: 'dark' });
    expect(background(el)).to.equal('rgb(5, 6, 7)');
  });
});
