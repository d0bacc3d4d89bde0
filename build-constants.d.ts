/** Replaced at build time with package.json's `version` (rollup.config.mjs; web-test-runner.config.mjs for tests). */
declare const __PACKAGE_VERSION__: string;
