import { expect } from '@esm-bundle/chai';
import { flushSync } from 'react-dom';
import { type Root, createRoot } from 'react-dom/client';
import { TokenIcon } from '../../src/views/parts/TokenIcon.js';
import tokenIconCss from '../../styles/token-icon.css';
import { waitFor } from './support/element.js';

/** What a token's icon shows: the API's image, a built-in mark, or a letter on a colour (and which colour). */
function face(node: Element) {
  const icon = node as HTMLElement;
  const disc = icon.querySelector('circle')?.getAttribute('fill') ?? (icon.style.background || undefined);
  const letter = icon.dataset.tokenIcon === 'initial' ? getComputedStyle(icon, '::after').content.replace(/"/g, '') : undefined;
  return { kind: icon.dataset.tokenIcon, mark: icon.dataset.mark, letter, text: icon.textContent, src: icon.getAttribute('src'), disc };
}

describe('parts: token icons (TokenIcon)', () => {
  let host: HTMLElement;
  let root: Root;
  beforeEach(() => {
    host = document.createElement('div');
    const style = document.createElement('style');
    style.textContent = tokenIconCss;
    document.body.append(style, host);
    root = createRoot(host);
  });
  afterEach(() => {
    root.unmount();
    host.previousElementSibling?.remove();
    host.remove();
  });
  const render = (node: React.ReactNode) => flushSync(() => root.render(<>{node}</>));

  it('well-known symbols get their mark (wrapped ones too, any case); others their letter on a colour of their own', () => {
    render(['ETH', 'weth', 'SOL', 'USDT', 'WBTC', 'USDC', 'LTK', 'LUSD', 'ltk'].map((symbol) => <TokenIcon key={symbol} symbol={symbol} iconUrl={undefined} />));
    const faces = [...host.children].map(face);
    expect(faces.slice(0, 5).map((f) => [f.kind, f.mark])).to.deep.equal([['mark', 'ethereum'], ['mark', 'ethereum'], ['mark', 'solana'], ['mark', 'tether'], ['mark', 'bitcoin']]);
    expect(faces[5]).to.deep.include({ kind: 'initial', letter: 'U', disc: 'rgb(39, 117, 202)', text: '' });
    expect(faces[6]).to.deep.include({ kind: 'initial', letter: 'L' });
    expect(faces[6]!.disc, 'LTK and LUSD: two colours').to.not.equal(faces[7]!.disc);
    expect(faces[8]!.disc, 'the colour follows the symbol').to.equal(faces[6]!.disc);
    expect(faces.map((f) => f.text).join(''), 'no letter in the text of the row').to.equal('');
    for (const icon of host.children) expect(icon.getAttribute('aria-hidden'), 'decorative: the name is beside it').to.equal('true');
  });

  it("the API's icon comes first; one that does not load falls back to the mark", async () => {
    const broken = `${location.origin}/no-such-icon-${Date.now()}.png`;
    render(<TokenIcon symbol="ETH" iconUrl={broken} />);
    expect(face(host.firstElementChild!)).to.deep.include({ kind: 'image', src: broken });
    await waitFor(() => (host.firstElementChild as HTMLElement).dataset.tokenIcon === 'mark', 'the mark after the image failed');
    expect(face(host.firstElementChild!).mark).to.equal('ethereum');
  });

  it('no symbol (a call that moved nothing): an empty disc', () => {
    render(<TokenIcon symbol={undefined} iconUrl={undefined} />);
    expect(face(host.firstElementChild!)).to.deep.include({ kind: 'none' });
    expect(host.firstElementChild!.childElementCount).to.equal(0);
  });
});
