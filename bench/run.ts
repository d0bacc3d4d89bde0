/**
 * `npm run bench [-- --no-build] [-- --runs N] [-- --no-stack] [-- --baseline DIR]`: the widget's size and speed figures against
 * a bare React + r2wc floor (and, with --baseline, another build's entry and chunks/ in DIR, in the same interleaved run), then (unless --no-stack) account-data figures against the local stack
 * (bench/account.ts), WalletConnect figures with a real wallet peer (bench/walletconnect.ts), Solana figures
 * with the dev wallet on the local Solana chain (bench/solana.ts), the swap API's latency (bench/swap.ts), Names
 * figures (bench/names.ts), sign-in figures (bench/siwx.ts) and smart-account figures (bench/smart-account.ts: user
 * operations through alto; bench/smart-sessions.ts; bench/smart-account-view.ts: the same in the widget) and the services under
 * load (bench/services.ts: relay sockets and publishes across two instances, API requests; alone: npm run bench:services). Prints the tables, writes .cache/bench/results.json, exits 0 even when a target
 * is missed; non-zero only when something breaks (build, browser, page).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { accountSection, type AccountFigures } from './account.js';
import { namesSection, type NamesFigures } from './names.js';
import { siwxSection, type SiwxFigures } from './siwx.js';
import { solanaSection, type SolanaFigures } from './solana.js';
import { swapSection, type SwapFigures } from './swap.js';
import { swapViewSection, type SwapViewFigures } from './swap-view.js';
import { onRampViewSection, type OnRampViewFigures } from './onramp-view.js';
import { emailLoginSection, type EmailLoginFigures } from './email-login.js';
import { socialLoginSection, type SocialLoginFigures } from './social-login.js';
import { farcasterLoginSection, type FarcasterLoginFigures } from './farcaster-login.js';
import { walletConnectSection, type WalletConnectFigures } from './walletconnect.js';
import { printSmartAccount, smartAccountSection, type SmartAccountFigures } from './smart-account.js';
import { smartAccountViewSection, type SmartAccountViewFigures } from './smart-account-view.js';
import { printSmartSessions, smartSessionsSection, type SmartSessionFigures } from './smart-sessions.js';
import { buildFloor } from './floor.js';
import { servicesSection, type ServicesFigures } from './services.js';
import { bytes, kb, mb, ms, type Stats, stats, table } from './format.js';
import { launch, measureRun, type RunResult } from './measure.js';
import { PAGES, type PageSpec, startServer } from './pages.js';
import { BENCH_CACHE, ROOT } from './paths.js';
import { buildWidget, type FileSize, measureFile, snapshotWidget, sumSizes, widgetSizes } from './sizes.js';

const ENTRY_BROTLI_TARGET = 25 * 1024;
const OPEN_RATIO_TARGET = 1.5;

function parseArgs(argv: string[]): { build: boolean; runs: number; stack: boolean; baseline?: string } {
  let baseline: string | undefined;
  let build = true;
  let stack = true;
  let runs = 9;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--no-build') build = false;
    else if (arg === '--baseline' || arg.startsWith('--baseline=')) baseline = resolve(arg.includes('=') ? arg.slice(11) : argv[++i]!);
    else if (arg === '--no-stack') stack = false;
    else if (arg === '--runs' || arg.startsWith('--runs=')) {
      const value = arg.includes('=') ? arg.slice(7) : argv[++i];
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a positive integer, got "${value}"`);
    } else throw new Error(`unknown argument "${arg}" (usage: npm run bench -- [--no-build] [--runs N] [--no-stack] [--baseline DIR])`);
  }
  return { build, runs, stack, baseline };
}

async function main() {
  const started = Date.now();
  const { build, runs, stack, baseline } = parseArgs(process.argv.slice(2));
  if (runs < 7) console.warn(`note: --runs ${runs} is below 7; medians will be noisy`);

  if (build) {
    process.stdout.write('building the widget (rollup -c)... ');
    const t = Date.now();
    await buildWidget();
    console.log(`${((Date.now() - t) / 1000).toFixed(1)} s`);
  }
  await snapshotWidget(build);
  process.stdout.write('building the floor (React + r2wc)... ');
  const floorFile = await buildFloor();
  console.log(relative(ROOT, floorFile));

  // Sizes
  const { entry, chunks } = widgetSizes();
  const floor = measureFile(floorFile);
  const total = sumSizes([entry, ...chunks], `total (${1 + chunks.length} files)`);
  const entryOk = entry.brotli <= ENTRY_BROTLI_TARGET;
  const sizeRow = (f: FileSize, note = '') => [f.file, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), kb(f.brotli), note];
  console.log('\nSizes (bytes; gzip -9, brotli q11)\n');
  console.log(
    table(
      ['file', 'raw', 'gzip', 'brotli', 'brotli KB', 'target'],
      [
        sizeRow(entry, `≤ 25 KB ${entryOk ? 'ok' : 'OVER'}`),
        ...[...chunks].sort((a, b) => b.brotli - a.brotli).slice(0, 10).map((f) => sizeRow(f, 'largest')),
        sizeRow(total),
        sizeRow({ ...floor, file: `floor: ${floor.file}` }, 'reference'),
      ],
    ),
  );

  // Speed
  let report: Record<string, unknown>;
  const server = await startServer(baseline);
  let browser;
  try {
    browser = await launch().catch((error: unknown) => {
      throw new Error(`could not launch Chromium: ${(error as Error).message}`);
    });
    const results: Record<PageSpec['name'], RunResult[]> = { widget: [], floor: [], baseline: [] };
    console.log(`\nmeasuring ${runs} runs per page (+1 warm-up each, discarded), fresh browser context per run, ${server.origin}`);
    for (let i = -1; i < runs; i++) {
      // Alternate which page goes first so drift (thermal, caches) falls on both equally.
      const pages = baseline ? [PAGES.widget, PAGES.floor, PAGES.baseline] : [PAGES.widget, PAGES.floor];
      const order: PageSpec[] = i % 2 ? pages : pages.reverse();
      for (const spec of order) {
        const result = await measureRun(browser, server.origin, spec);
        if (i >= 0) results[spec.name].push(result);
      }
      process.stdout.write(i < 0 ? 'w' : '.');
    }
    process.stdout.write('\n');

    const summary = (list: RunResult[]) => ({
      usable: stats(list.map((r) => r.usable)),
      open: stats(list.map((r) => r.open)),
      view: stats(list.map((r) => r.view)),
      heapMb: stats(list.map((r) => r.heapMb)),
      requestsBeforeOpen: stats(list.map((r) => r.requestsBeforeOpen.length)),
      foreignBeforeOpen: stats(list.map((r) => r.foreignBeforeOpen.length)),
      chunksBeforeOpen: stats(list.map((r) => r.chunksBeforeOpen)),
      chunksOnOpen: stats(list.map((r) => r.chunksOnOpen)),
    });
    const widget = summary(results.widget);
    const floorFigures = summary(results.floor);
    const openRatio = widget.view.median / floorFigures.view.median;
    const openOk = openRatio <= OPEN_RATIO_TARGET;

    const range = (s: Stats, f: (n: number) => string) => `${f(s.median)} (${f(s.min)}–${f(s.max)})`;
    const ratio = (a: Stats, b: Stats) => (b.median ? `${(a.median / b.median).toFixed(2)}×` : '—');
    console.log(`\nSpeed (median (min–max) of ${runs} runs)\n`);
    console.log(
      table(
        ['metric', 'widget median', 'floor median', 'ratio', 'target'],
        [
          ['navigation → element usable', range(widget.usable, ms), range(floorFigures.usable, ms), ratio(widget.usable, floorFigures.usable), ''],
          ['click → shell (dialog and title painted)', range(widget.open, ms), range(floorFigures.open, ms), ratio(widget.open, floorFigures.open), ''],
          ['click → usable Connect view (wallet list)', range(widget.view, ms), range(floorFigures.view, ms), `${openRatio.toFixed(2)}×`, `≤ 1.5× ${openOk ? 'ok' : 'OVER'}`],
          ['JS heap after open (after GC)', range(widget.heapMb, mb), range(floorFigures.heapMb, mb), ratio(widget.heapMb, floorFigures.heapMb), ''],
          ['other-origin requests before open', String(widget.foreignBeforeOpen.max), String(floorFigures.foreignBeforeOpen.max), '', `0 ${widget.foreignBeforeOpen.max === 0 ? 'ok' : 'OVER'}`],
          ['first-open path: own chunks before open + on open', `${widget.chunksBeforeOpen.max} + ${widget.chunksOnOpen.max}`, '', '', ''],
        ],
      ),
    );

    if (baseline) {
      const before = summary(results.baseline);
      console.log(`\nBefore / after, same interleaved run (baseline: ${relative(ROOT, baseline) || baseline})\n`);
      console.log(
        table(
          ['metric', 'before', 'after', 'floor', 'before ratio', 'after ratio'],
          [
            ['navigation → element usable', range(before.usable, ms), range(widget.usable, ms), range(floorFigures.usable, ms), ratio(before.usable, floorFigures.usable), ratio(widget.usable, floorFigures.usable)],
            ['click → shell', range(before.open, ms), range(widget.open, ms), range(floorFigures.open, ms), ratio(before.open, floorFigures.open), ratio(widget.open, floorFigures.open)],
            ['click → usable Connect view', range(before.view, ms), range(widget.view, ms), range(floorFigures.view, ms), ratio(before.view, floorFigures.view), ratio(widget.view, floorFigures.view)],
            ['own chunks before open + on open', `${before.chunksBeforeOpen.max} + ${before.chunksOnOpen.max}`, `${widget.chunksBeforeOpen.max} + ${widget.chunksOnOpen.max}`, '', '', ''],
            ['other-origin requests before open', String(before.foreignBeforeOpen.max), String(widget.foreignBeforeOpen.max), String(floorFigures.foreignBeforeOpen.max), '', ''],
          ],
        ),
      );
    }

    const beforeUrls = [...new Set(results.widget.flatMap((r) => r.requestsBeforeOpen))];
    console.log(`\nwidget requests before open (own origin, at idle after load): ${widget.requestsBeforeOpen.max} (max over runs)${beforeUrls.length ? '' : ', none'}`);
    for (const url of beforeUrls) console.log(`  ${url}`);
    const onOpen = [...new Set(results.widget.flatMap((r) => r.requestsOnOpen))];
    console.log(`widget requests during open: ${onOpen.length ? '' : 'none'}`);
    for (const url of onOpen) console.log(`  ${url}`);
    const problems = [...new Set(results.widget.flatMap((r) => r.problems))];
    if (problems.length) {
      console.log('widget page errors / console errors seen:');
      for (const line of problems) console.log(`  ${line}`);
    }

    report = {
      date: new Date().toISOString(),
      runs,
      sizes: { entry, chunks, total, floor, entryBrotliTarget: ENTRY_BROTLI_TARGET, entryBrotliOk: entryOk },
      speed: {
        widget,
        floor: floorFigures,
        ...(baseline && { baseline: summary(results.baseline) }),
        openRatio,
        openRatioTarget: OPEN_RATIO_TARGET,
        openRatioOk: openOk,
        requestsBeforeOpen: beforeUrls,
        requestsOnOpen: onOpen,
        problems,
      },
    };
  } finally {
    await browser?.close();
    await server.close();
  }

  // Account data against the local stack (started and stopped by accountSection, also on error).
  let account: AccountFigures | { error: string } | undefined;
  let accountFailure: unknown;
  if (stack) {
    try {
      account = await accountSection(runs);
    } catch (error) {
      accountFailure = error;
      account = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let walletConnect: WalletConnectFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      walletConnect = await walletConnectSection(runs);
    } catch (error) {
      accountFailure = error;
      walletConnect = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let solana: SolanaFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      solana = await solanaSection(runs);
    } catch (error) {
      accountFailure = error;
      solana = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let swap: SwapFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      swap = await swapSection();
    } catch (error) {
      accountFailure = error;
      swap = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let names: NamesFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      names = await namesSection(runs);
    } catch (error) {
      accountFailure = error;
      names = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let swapView: SwapViewFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      swapView = await swapViewSection(runs);
    } catch (error) {
      accountFailure = error;
      swapView = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let onRampView: OnRampViewFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      onRampView = await onRampViewSection(runs);
    } catch (error) {
      accountFailure = error;
      onRampView = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let emailLogin: EmailLoginFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      emailLogin = await emailLoginSection(runs);
    } catch (error) {
      accountFailure = error;
      emailLogin = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let socialLogin: SocialLoginFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      socialLogin = await socialLoginSection(runs);
    } catch (error) {
      accountFailure = error;
      socialLogin = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let farcasterLogin: FarcasterLoginFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      farcasterLogin = await farcasterLoginSection(runs);
    } catch (error) {
      accountFailure = error;
      farcasterLogin = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let siwx: SiwxFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      siwx = await siwxSection(runs);
    } catch (error) {
      accountFailure = error;
      siwx = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  let smartAccount: SmartAccountFigures | { error: string } | undefined;
  let smartSessions: SmartSessionFigures | { error: string } | undefined;
  let smartAccountView: SmartAccountViewFigures | { error: string } | undefined;
  if (stack && !accountFailure) {
    try {
      console.log('\nsmart accounts: one anvil, alto, the stack\'s smart account');
      const figures = await smartAccountSection(runs);
      printSmartAccount(figures, runs);
      smartAccount = figures;
      const sessions = await smartSessionsSection(runs);
      printSmartSessions(sessions, runs);
      smartSessions = sessions;
      smartAccountView = await smartAccountViewSection(runs);
    } catch (error) {
      accountFailure = error;
      const failed = { error: error instanceof Error ? error.message : String(error) };
      if (!smartAccount) smartAccount = failed;
      else if (!smartSessions) smartSessions = failed;
      else smartAccountView = failed;
    }
  }

  // The services under load: independent of the stack's state (their own chain, Redis and PostgreSQL).
  let services: ServicesFigures | { error: string } | undefined;
  if (stack) {
    try {
      services = await servicesSection();
    } catch (error) {
      accountFailure ??= error;
      services = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  const file = join(BENCH_CACHE, 'results.json');
  mkdirSync(BENCH_CACHE, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...report, ...(account && { account }), ...(walletConnect && { walletConnect }), ...(solana && { solana }), ...(swap && { swap }), ...(names && { names }), ...(swapView && { swapView }), ...(onRampView && { onRampView }), ...(emailLogin && { emailLogin }), ...(socialLogin && { socialLogin }), ...(farcasterLogin && { farcasterLogin }), ...(siwx && { siwx }), ...(smartAccount && { smartAccount }), ...(smartSessions && { smartSessions }), ...(smartAccountView && { smartAccountView }), ...(services && { services }) }, null, 2) + '\n');
  console.log(`\nwrote ${relative(ROOT, file)} in ${((Date.now() - started) / 1000).toFixed(1)} s total`);
  if (accountFailure) throw accountFailure;
}

main().catch((error: unknown) => {
  console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
