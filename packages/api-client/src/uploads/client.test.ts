import { FakeXhr, flush, setupClient } from '../test/fakes';

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
});

