import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stampedVersion, versionDefinitions } from './version-stamp';

function packageAt(json: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'version-stamp-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify(json));
  return root;
}

describe('the version a build stamps into its bundle', () => {
  it("is the package's own version, as a source literal for DefinePlugin", () => {
    const root = packageAt({ name: '@portal/repair', version: '1.0.1' });

    expect(versionDefinitions(root, {})).toEqual({ __PORTAL_VERSION__: '"1.0.1"' });
  });

  it('agrees with an MF_BUILD_VERSION that names the same version', () => {
    expect(stampedVersion(packageAt({ version: '1.0.1' }), { MF_BUILD_VERSION: '1.0.1' })).toBe('1.0.1');
  });

  it('refuses an MF_BUILD_VERSION that would make the manifest name another version than the code', () => {
    expect(() => stampedVersion(packageAt({ version: '1.0.1' }), { MF_BUILD_VERSION: '2.0.0' })).toThrow(
      /MF_BUILD_VERSION=2\.0\.0 would put another version into mf-manifest\.json than .*package\.json \(1\.0\.1\)/,
    );
  });

  it('refuses a package without a version', () => {
    expect(() => stampedVersion(packageAt({ name: '@portal/repair' }), {})).toThrow(/has no version to stamp/);
  });
});
