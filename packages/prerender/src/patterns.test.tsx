/** @jest-environment node */
import { useParams } from 'react-router';
import { expandOptionalSegments, renderPattern } from './patterns';

test('expands optional segments into the patterns the router matches, longest first', () => {
  expect(expandOptionalSegments('/')).toEqual(['/']);
  expect(expandOptionalSegments('/help-support')).toEqual(['/help-support']);
  expect(expandOptionalSegments('/create-rma/:serial?')).toEqual(['/create-rma/:serial', '/create-rma']);
  expect(expandOptionalSegments('/create-rma/:serial?/confirm-quote')).toEqual([
    '/create-rma/:serial/confirm-quote',
    '/create-rma/confirm-quote',
  ]);
  expect(expandOptionalSegments('/pay-quote/:quoteid?/:reference')).toEqual([
    '/pay-quote/:quoteid/:reference',
    '/pay-quote/:reference',
  ]);
});

function Serial() {
  return <p>Serial {useParams().serial}</p>;
}

test('renders a pattern at a URL of it, and refuses a page that shows its parameters', async () => {
  const routes = [{ path: '/create-rma/:serial?', element: <p>Checking your session…</p> }];
  expect((await renderPattern(routes, '/create-rma/:serial')).html).toBe('<p>Checking your session…</p>');

  await expect(renderPattern([{ path: '/create-rma/:serial?', element: <Serial /> }], '/create-rma/:serial')).rejects.toThrow(
    'the page prerendered for /create-rma/:serial shows a parameter of its URL',
  );
});
