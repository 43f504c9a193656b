import { FakeXhr, flush, json, setupClient } from '../test/fakes';

function file(name: string, type = 'image/jpeg') {
  return new File(['data'], name, { type });
}

const stored = [{ originalname: 'a.jpg', bucketFileName: 'rma/abc-a.jpg', cancellable: true }];

describe('uploads client', () => {
  it('posts the files as files[0]…files[n] with the token and reports progress', async () => {
    const { api } = setupClient();
    const onProgress = jest.fn();

    const result = api.uploads.uploadRmaAttachments([file('a.jpg'), file('b.mp4', 'video/mp4')], { onProgress });
    await flush();
    const xhr = FakeXhr.instances[0]!;
    xhr.progress(50, 100);
    xhr.respond(200, stored);

    await expect(result).resolves.toEqual(stored);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('https://api.example.test/bucket-uploader/upload-rma-attachment');
    expect(xhr.headers.authorization).toBe('Bearer token-1');
    expect(xhr.headers['x-session-url']).toBe('https://portal.example.test/create-rma');
    expect((xhr.body?.get('files[0]') as File).name).toBe('a.jpg');
    expect((xhr.body?.get('files[1]') as File).name).toBe('b.mp4');
    expect(onProgress).toHaveBeenCalledWith(0.5);
  });

  it('refuses more than five files without sending', async () => {
    const { api } = setupClient();

    await expect(api.uploads.uploadRmaAttachments(['1', '2', '3', '4', '5', '6'].map((n) => file(`${n}.jpg`)))).rejects.toThrow(RangeError);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('rejects with the server message of a 413', async () => {
    const { api } = setupClient();

    const result = api.uploads.uploadRmaAttachments([file('big.mp4', 'video/mp4')]);
    await flush();
    FakeXhr.instances[0]!.respond(413, { error: 'upload.tooLarge', message: 'big.mp4 is larger than 50 MB' });

    await expect(result).rejects.toMatchObject({ name: 'ApiError', status: 413, message: 'big.mp4 is larger than 50 MB' });
  });

  it('aborts the request when the signal fires', async () => {
    const { api } = setupClient();
    const controller = new AbortController();

    const result = api.uploads.uploadRmaAttachments([file('a.jpg')], { signal: controller.signal });
    await flush();
    controller.abort();

    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.instances[0]!.aborted).toBe(true);
  });

  it('refreshes once on a 401 and sends again with the new token', async () => {
    const { api, tokens } = setupClient();

    const result = api.uploads.uploadRmaAttachments([file('a.jpg')]);
    await flush();
    FakeXhr.instances[0]!.respond(401, { error: 'invalid_token', message: 'expired' });
    await flush();
    await flush();
    const retry = FakeXhr.instances[1]!;
    retry.respond(200, stored);

    await expect(result).resolves.toEqual(stored);
    expect(tokens.refresh).toHaveBeenCalledTimes(1);
    expect(retry.headers.authorization).toBe('Bearer token-2');
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const { api } = setupClient();

    const result = api.uploads.uploadRmaAttachments([file('a.jpg')]);
    await flush();
    FakeXhr.instances[0]!.fail();

    await expect(result).rejects.toMatchObject({ name: 'ApiError', status: 0, error: 'network' });
  });

  it('removes an attachment by its bucket file name', async () => {
    const { api, call } = setupClient([new Response(null, { status: 204 })]);

    await expect(api.uploads.removeRmaAttachment('rma/abc-a.jpg')).resolves.toBeUndefined();
    expect(call(0)).toMatchObject({
      method: 'DELETE',
      url: 'https://api.example.test/bucket-uploader/upload-rma-attachment?bucketFileName=rma%2Fabc-a.jpg',
    });
  });

  describe('purchase-order file', () => {
    const po = [{ fileId: 'po/2026/11/5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf', originalname: 'PO-4711.pdf' }];

    it('posts the one file as part file with the token and reports progress', async () => {
      const { api } = setupClient();
      const onProgress = jest.fn();

      const result = api.uploads.uploadPurchaseOrder(file('PO-4711.pdf', 'application/pdf'), { onProgress });
      await flush();
      const xhr = FakeXhr.instances[0]!;
      xhr.progress(1, 4);
      xhr.respond(200, po);

      await expect(result).resolves.toEqual(po);
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe('https://api.example.test/bucket-uploader/upload-to-common-gridfs');
      expect(xhr.headers.authorization).toBe('Bearer token-1');
      expect((xhr.body?.get('file') as File).name).toBe('PO-4711.pdf');
      expect([...(xhr.body?.keys() ?? [])]).toEqual(['file']);
      expect(onProgress).toHaveBeenCalledWith(0.25);
    });

    it('is cancelled by the signal', async () => {
      const { api } = setupClient();
      const controller = new AbortController();

      const result = api.uploads.uploadPurchaseOrder(file('PO-4711.pdf', 'application/pdf'), { signal: controller.signal });
      await flush();
      controller.abort();

      await expect(result).rejects.toMatchObject({ name: 'AbortError' });
      expect(FakeXhr.instances[0]!.aborted).toBe(true);
    });

    it.each([
      [400, 'uploads.notPODocument', '"po.docx" is not a PDF, PNG, JPEG or TIFF file. A document must be a PDF, PNG, JPEG or TIFF file.'],
      [413, 'uploads.poTooLarge', '"po.pdf" is larger than 10 MB. A document must be 10 MB or smaller.'],
      [400, 'uploads.noFiles', 'Must Attach Files'],
    ])('rejects with the server message of a %i %s', async (status, error, message) => {
      const { api } = setupClient();

      const result = api.uploads.uploadPurchaseOrder(file('po.pdf', 'application/pdf'));
      await flush();
      FakeXhr.instances[0]!.respond(status, { error, message });

      await expect(result).rejects.toMatchObject({ name: 'ApiError', status, error, message });
    });

    it('refreshes once on a 401 and sends the file again with the new token', async () => {
      const { api, tokens } = setupClient();

      const result = api.uploads.uploadPurchaseOrder(file('PO-4711.pdf', 'application/pdf'));
      await flush();
      FakeXhr.instances[0]!.respond(401, { error: 'invalid_token', message: 'expired' });
      await flush();
      await flush();
      const retry = FakeXhr.instances[1]!;
      retry.respond(200, po);

      await expect(result).resolves.toEqual(po);
      expect(tokens.refresh).toHaveBeenCalledTimes(1);
      expect(retry.headers.authorization).toBe('Bearer token-2');
      expect((retry.body?.get('file') as File).name).toBe('PO-4711.pdf');
    });

    it('downloads a file by its fileId as trackId', async () => {
      const pdf = new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      const { api, call } = setupClient([pdf]);

      const blob = await api.uploads.downloadPurchaseOrder(po[0]!.fileId);

      expect(await blob.text()).toBe('%PDF-1.7');
      expect(call(0)).toMatchObject({
        method: 'GET',
        url: 'https://api.example.test/bucket-uploader/download-from-common-gridfs?trackId=po%2F2026%2F11%2F5b0c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3.pdf',
      });
      expect(call(0).headers.get('authorization')).toBe('Bearer token-1');
    });

    it('rejects the download of a file that is not the customer\'s with the 404', async () => {
      const { api } = setupClient([json(404, { error: 'uploads.notFound', message: 'File not found.' })]);

      await expect(api.uploads.downloadPurchaseOrder('po/2026/11/other.pdf')).rejects.toMatchObject({
        name: 'ApiError',
        status: 404,
        message: 'File not found.',
      });
    });
  });
});
