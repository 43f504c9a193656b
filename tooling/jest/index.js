// Shared jest base: jsdom, TypeScript/TSX through @swc/jest, jest-dom matchers.
// Each package's jest.config.js spreads this and runs with --maxWorkers=50% (one worker on two cores).
const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: path.join(__dirname, 'jsdom-environment.js'),
  transform: {
    '^.+\\.(t|j)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
      },
    ],
  },
  testMatch: ['**/?(*.)test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: [path.join(__dirname, 'setup-env.js')],
  setupFilesAfterEnv: [path.join(__dirname, 'setup-dom.js')],
  moduleNameMapper: {
    '\\.(svg|png|jpg|css)$': path.join(__dirname, 'file-stub.js'),
  },
  // The timeout catches a test that hangs, not a slow one: typing dozens of characters through a
  // whole form with user-event takes seconds on two cores that turbo shares between packages.
  testTimeout: 20_000,
  clearMocks: true,
  restoreMocks: true,
};
