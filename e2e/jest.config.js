// Browser tests run one file at a time: each starts its own portal and Chromium.
const base = require('@portal/jest-config');

/** @type {import('jest').Config} */
module.exports = {
  ...base,
  testEnvironment: 'node',
  setupFiles: [],
  setupFilesAfterEnv: [],
  testTimeout: 60_000,
};
