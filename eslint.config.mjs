// The layer rules of docs/README.md ("elements → views → stores/actions → connectors, services → core"),
// written as lint rules so a wrong import fails CI instead of living in prose.
import tseslint from 'typescript-eslint';

const sdk = ['viem', 'viem/*', '@solana/*', '@walletconnect/*', '@reown/*'];
const layer = (name) => [`**/${name}/**`, `**/${name}`];

/** @param {string[]} files @param {{ group: string[], message: string }[]} patterns */
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'server/dist/**', 'node_modules/**', '.cache/**', 'examples/.out/**', 'examples/**/node_modules/**', 'examples/nextjs/.next/**', 'examples/nextjs/next-env.d.ts'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
  restrict(['src/core/**'], [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'nanostores', '@nanostores/*'], message: 'core/ holds no React and no stores.' },
    { group: sdk, message: 'core/ holds no chain SDK.' },
    { group: [...layer('stores'), ...layer('connectors'), ...layer('services'), ...layer('views'), '**/elements/**'], message: 'core/ is the bottom layer: it imports nothing above it.' },
  ]),
  restrict(['src/connectors/**', 'src/services/**'], [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'nanostores', '@nanostores/*'], message: 'connectors/ and services/ know nothing of React or stores.' },
    { group: [...layer('stores'), ...layer('views'), '**/elements/**'], message: 'connectors/ and services/ sit below stores and views.' },
  ]),
  restrict(['src/stores/**'], [
    { group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@nanostores/react'], message: 'stores/ are framework-free.' },
    { group: [...layer('views'), '**/elements/**'], message: 'stores/ sit below views and elements.' },
  ]),
  restrict(['src/views/screens/**'], [
    { group: [...sdk, ...layer('connectors'), ...layer('services'), '**/elements/**'], message: 'Screens bind stores and call actions; they reach connectors and services only through actions.' },
  ]),
  restrict(['src/views/parts/**'], [
    { group: ['nanostores', '@nanostores/*', ...sdk, ...layer('stores'), ...layer('connectors'), ...layer('services'), ...layer('screens'), '**/elements/**'], message: 'Parts are pure: props in, callbacks out.' },
  ]),
  // The deployable services never reach the development stack (devstack/: chains, stand-ins, `npm start`).
  restrict(['server/**'], [{ group: ['**/devstack/**'], message: 'Production code in server/ does not import devstack/ (development only).' }]),
);
