import { portalShared } from './federation';
import { findSkew, type SharedManifest } from './skew.js';
import { skewRules } from './skew-rules.js';

const host: SharedManifest = {
  name: 'host',
  shared: [
    { name: 'react', version: '19.3.1' },
    { name: 'styled-components', version: '6.6.0' },
    { name: '@portal/auth', version: '1.4.0' },
  ],
};

function remote(...shared: SharedManifest['shared']): SharedManifest {
  return { name: 'repair', shared };
}

describe('findSkew', () => {
  it('has a rule for every singleton the federation config shares', () => {
    expect(Object.keys(portalShared).filter((name) => !Object.hasOwn(skewRules, name))).toEqual([]);
  });

  it.each([
    ['another minor of a major rule', { name: 'react', version: '19.4.0' }],
    ['the same version of an exact rule', { name: '@portal/auth', version: '1.4.0' }],
  ])('accepts %s', (_, shared) => {
    expect(findSkew(host, [remote(shared)])).toEqual([]);
  });

  it('names the remote, the singleton, both versions and the rule of another major', () => {
    expect(findSkew(host, [remote({ name: 'styled-components', version: '7.0.0' })])).toEqual([
      'remote repair was built with styled-components 7.0.0 and the host with 6.6.0; the rule is the same major: ' +
        skewRules['styled-components']?.why,
    ]);
  });

  it('refuses another patch of an exact rule', () => {
    expect(findSkew(host, [remote({ name: '@portal/auth', version: '1.4.1' })])).toEqual([
      expect.stringMatching(/^remote repair was built with @portal\/auth 1\.4\.1 and the host with 1\.4\.0; the rule is the same version: /),
    ]);
  });

  it('keeps the minor of a 0.x version under a major rule, as a caret range does', () => {
    const zero: SharedManifest = { name: 'host', shared: [{ name: 'react', version: '0.3.0' }] };
    expect(findSkew(zero, [remote({ name: 'react', version: '0.3.9' })])).toEqual([]);
    expect(findSkew(zero, [remote({ name: 'react', version: '0.4.0' })])).toHaveLength(1);
  });

  it('refuses a singleton without a rule, once however many bundles share it', () => {
    const jotai = { name: 'jotai', version: '2.0.0' };
    expect(findSkew({ ...host, shared: [...host.shared, jotai] }, [remote(jotai)])).toEqual([
      'host shares jotai and tooling/rspack/src/skew-rules.js has no rule for it: say what must match between the host and a remote, and why',
    ]);
  });

  it('leaves a singleton the host does not share to the remote', () => {
    expect(findSkew(host, [remote({ name: 'react-dom', version: '20.0.0' })])).toEqual([]);
  });
});
