import { loadRuntimeConfig } from './runtime-config';

jest.mock('./runtime-config', () => ({ loadRuntimeConfig: jest.fn(() => new Promise(() => undefined)) }));
jest.mock('./bootstrap', () => ({ start: jest.fn() }));

/** Paint timing as the browser reports it: `paint()` is the page's first paint. */
function paintTiming() {
  let notify: (() => void) | undefined;
  globalThis.PerformanceObserver = class {
    constructor(callback: () => void) {
      notify = callback;
    }
    observe() {}
    disconnect() {}
  } as unknown as typeof PerformanceObserver;
  return { paint: () => notify?.() };
}

async function boot(root: string) {
  document.body.innerHTML = root;
  await jest.isolateModulesAsync(async () => {
    await import('./index');
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  jest.mocked(loadRuntimeConfig).mockClear();
});

afterEach(() => {
  jest.useRealTimers();
});

test('a prerendered page is painted before the app asks for anything', async () => {
  const timing = paintTiming();
  await boot('<div id="root" data-prerendered inert aria-hidden="true"><h1>Home</h1></div>');
  await jest.advanceTimersByTimeAsync(200);
  expect(loadRuntimeConfig).not.toHaveBeenCalled();

  timing.paint();
  await jest.advanceTimersByTimeAsync(0);
  expect(loadRuntimeConfig).toHaveBeenCalledTimes(1);
});

test('a hidden tab, which paints nothing, starts after 250 ms', async () => {
  paintTiming();
  await boot('<div id="root" data-prerendered inert aria-hidden="true"><h1>Home</h1></div>');
  await jest.advanceTimersByTimeAsync(249);
  expect(loadRuntimeConfig).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(1);
  expect(loadRuntimeConfig).toHaveBeenCalledTimes(1);
});

test('an empty root starts at once', async () => {
  paintTiming();
  await boot('<div id="root"></div>');
  expect(loadRuntimeConfig).toHaveBeenCalledTimes(1);
});
