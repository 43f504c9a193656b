import { saveBlob } from './saveBlob';

describe('saveBlob', () => {
  it('downloads the blob under its file name through an object URL, revoked afterwards', () => {
    jest.useFakeTimers();
    const create = jest.fn(() => 'blob:portal/1');
    const revoke = jest.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });

    const blob = new Blob(['Serial\n']);
    saveBlob(blob, 'inventory.csv');

    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe('inventory.csv');
    expect(clicked[0]?.href).toBe('blob:portal/1');
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();
    jest.runOnlyPendingTimers();
    expect(revoke).toHaveBeenCalledWith('blob:portal/1');
    click.mockRestore();
    jest.useRealTimers();
  });
});
