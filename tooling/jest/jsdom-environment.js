// jsdom with the WHATWG fetch classes Node already has. react-router's data routers build a
// Request per navigation; jsdom has none, and Node's Request only accepts Node's AbortSignal,
// so both come from Node together. fetch itself is left out: tests stub it.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
];

class PortalJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) {
      if (name in globalThis) this.global[name] = globalThis[name];
    }
  }
}

module.exports = PortalJsdomEnvironment;
