/** @jest-environment node */
import { NavLink, Outlet } from 'react-router';
import styled from 'styled-components';
import { useSessionState } from '@portal/auth';
import { renderRoute } from './render';

const Title = styled.h1`
  color: rebeccapurple;
`;

function Layout() {
  return (
    <>
      <nav>
        <NavLink to="/">Home</NavLink>
        <NavLink to="/help">Help</NavLink>
      </nav>
      <Outlet />
    </>
  );
}

function Help() {
  const state = useSessionState();
  return <Title>Help for {state.status === 'signed-out' ? 'visitors' : 'nobody'}</Title>;
}

const routes = [{ element: <Layout />, children: [{ path: '/', element: <p>Home</p> }, { path: '/help', element: <Help /> }] }];

test('renders the route at the path for a signed-out visitor, with its styles', async () => {
  const page = await renderRoute(routes, '/help');

  expect(page.html).toContain('Help for <!-- -->visitors</h1>');
  expect(page.html).toMatch(/<a aria-current="page" class="active" href="\/help"[^>]*>Help<\/a>/);
  expect(page.html).not.toContain('<p>Home</p>');
  expect(page.styles).toMatch(/^<style data-styled="true"[^>]*>.*color:rebeccapurple;.*<\/style>$/s);
  expect(page.styles).not.toContain('box-sizing');
});

test('renders the page as it is before the session is restored, when asked', async () => {
  const page = await renderRoute(routes, '/help', { session: 'loading' });

  expect(page.html).toContain('Help for <!-- -->nobody</h1>');
});

test('includes the base document styles only when asked', async () => {
  const page = await renderRoute(routes, '/', { global: true });

  expect(page.html).toContain('<p>Home</p>');
  expect(page.styles).toContain('box-sizing:border-box');
  expect(page.html).not.toMatch(/<script/i);
});
