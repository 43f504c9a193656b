// The build plugins run in Node, not a browser: the shared base with Node's environment.
module.exports = { ...require('@portal/jest-config'), testEnvironment: 'node', setupFilesAfterEnv: [] };
