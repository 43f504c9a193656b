import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Connection, PageInfo } from '@portal/api-client';
import { PortalThemeProvider } from '@portal/ui';
import { KeysetPager, useKeysetPaging } from './KeysetPager';

function page(info: Partial<PageInfo>): Connection<string> {
  return {
    edges: [{ cursor: 'c1', node: 'one' }],
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: 'start', endCursor: 'end', ...info },
    totalCount: 1,
  };
}

function Harness({ info, loading = false, hideSinglePage = false }: { info: Partial<PageInfo>; loading?: boolean; hideSinglePage?: boolean }) {
  const paging = useKeysetPaging();
  return (
    <>
      <p>
        page {paging.pageNumber} at {paging.position.kind === 'first' ? 'first' : `${paging.position.kind} ${paging.position.cursor}`}
      </p>
      <button type="button" onClick={paging.restart}>
        Start again
      </button>
      <KeysetPager page={page(info)} paging={paging} loading={loading} label="Pages" hideSinglePage={hideSinglePage} />
    </>
  );
}

function renderPager(props: Parameters<typeof Harness>[0]) {
  const view = render(
    <PortalThemeProvider>
      <Harness {...props} />
    </PortalThemeProvider>,
  );
  return { ...view, user: userEvent.setup() };
}

const next = () => screen.getByRole('button', { name: 'Next page' });
const previous = () => screen.getByRole('button', { name: 'Previous page' });

describe('KeysetPager', () => {
  it('goes after the end cursor and back before the start cursor, counting pages', async () => {
    const { user } = renderPager({ info: { hasNextPage: true } });
    expect(previous()).toBeDisabled();

    await user.click(next());
    expect(screen.getByText('page 2 at after end')).toBeInTheDocument();
    // A page reached with `after` has one before it, whatever the server says.
    expect(previous()).toBeEnabled();

    await user.click(previous());
    expect(screen.getByText('page 1 at before start')).toBeInTheDocument();
    // … and a page reached with `before` one after it.
    expect(next()).toBeEnabled();

    await user.click(next());
    await user.click(next());
    expect(screen.getByText('page 3 at after end')).toBeInTheDocument();
  });

  it('waits while a page loads and starts again at the first page', async () => {
    const { rerender } = renderPager({ info: { hasNextPage: true }, loading: true });
    expect(next()).toBeDisabled();

    rerender(
      <PortalThemeProvider>
        <Harness info={{ hasNextPage: true }} />
      </PortalThemeProvider>,
    );
    const user = userEvent.setup();
    await user.click(next());
    expect(screen.getByText('page 2 at after end')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.getByText('page 1 at first')).toBeInTheDocument();
  });

  it('shows no pager for a single page when asked, and a disabled one otherwise', () => {
    const { unmount } = renderPager({ info: {}, hideSinglePage: true });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    unmount();

    renderPager({ info: {} });
    expect(next()).toBeDisabled();
    expect(previous()).toBeDisabled();
  });
});
