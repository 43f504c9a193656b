import { useMemo, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@portal/router';
import styled from 'styled-components';
import type { Part, PartsSearch } from '@portal/api-client';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, MutedText, PageTitle, Row, Stack, TextField, LoadFailed, Loading } from '@portal/ui';
import { CartLink } from '../../shared/cart/CartLink';
import { OrderPermissionNote } from '../../shared/OrderPermissionNote';
import { useCart, type CartResult } from '../../shared/cart/store';
import { PartCard } from '../../shared/PartCard';
import { usePartsSearch } from '../../shared/usePartsSearch';
import { AddToCart } from './components/AddToCart';
import { VideoOnlyNote } from './components/VideoOnlyNote';
import { COPY } from './copy';

const PER_PAGE = 12;

const Results = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

interface SearchValues {
  serial: string;
  model: string;
  q: string;
}

function readSearch(params: URLSearchParams): SearchValues & { page: number } {
  const page = Number(params.get('page') ?? '1');
  return {
    serial: params.get('serial') ?? '',
    model: params.get('model') ?? '',
    q: params.get('q') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

const readSearchValues = ({ serial, model, q }: SearchValues): SearchValues => ({ serial, model, q });

/**
 * parts-order (public): the catalogue searched by a unit's serial, by model or by text (the
 * search lives in the URL, so Back and a shared link show the same results), each part with
 * its picture, price and availability, and Add to cart with a quantity; discontinued parts are
 * flagged and cannot be added, and a body-worn camera's part points to the video order instead.
 */
export function PartsOrderPage() {
  const [params, setParams] = useSearchParams();
  const current = readSearch(params);
  const [draft, setDraft] = useState<SearchValues>({ serial: current.serial, model: current.model, q: current.q });
  const search = useMemo<PartsSearch>(
    () => ({ serial: current.serial.trim(), model: current.model.trim(), q: current.q.trim(), page: current.page, itemsPerPage: PER_PAGE }),
    [current.serial, current.model, current.q, current.page],
  );
  const { state, retry } = usePartsSearch(search);
  const cart = useCart('parts');
  const [outcome, setOutcome] = useState<CartResult | null>(null);

  const go = (values: SearchValues, page = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(values)) if (value.trim()) next.set(key, value.trim());
    if (page > 1) next.set('page', String(page));
    setParams(next);
  };

  const add = (part: Part, quantity: number) =>
    setOutcome(
      cart.add({
        pn: part.partNumber,
        quantity,
        partSpec: part.description,
        imgUrl: part.imagePath,
        model: '',
        serials: [],
        storeDate: new Date().toISOString(),
        isHighValue: part.isHighValue,
        // Found by a unit's serial: the order names the unit, so its inventory lists the order.
        ...(search.serial ? { searchSerial: search.serial } : {}),
      }),
    );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    go(draft);
  };

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.page.total / state.page.itemsPerPage)) : 1;

  return (
    <Stack $gap="lg">
      <Row>
        <PageTitle>{COPY.browseTitle}</PageTitle>
      </Row>
      <Row>
        <CartLink kind="parts" />
        <Link to={pathFor('parts-order-manual')}>{COPY.manualLink}</Link>
      </Row>
      <OrderPermissionNote />
      <Card>
        <form role="search" aria-label={COPY.searchLegend} onSubmit={onSubmit}>
          <Stack>
            <MutedText>{COPY.browseIntro}</MutedText>
            <Fields>
              <TextField label={COPY.serialLabel} name="serial" value={draft.serial} maxLength={50} onChange={(e) => setDraft({ ...draft, serial: e.target.value })} />
              <TextField label={COPY.modelLabel} name="model" value={draft.model} maxLength={20} onChange={(e) => setDraft({ ...draft, model: e.target.value })} />
              <TextField label={COPY.textLabel} name="q" value={draft.q} maxLength={100} onChange={(e) => setDraft({ ...draft, q: e.target.value })} />
            </Fields>
            <Row>
              <Button type="submit">{COPY.search}</Button>
              <Button
                $variant="secondary"
                onClick={() => {
                  const empty = { serial: '', model: '', q: '' };
                  setDraft(empty);
                  go(empty);
                }}
              >
                {COPY.resetSearch}
              </Button>
            </Row>
          </Stack>
        </form>
      </Card>
      {outcome ? (
        <Banner variant={outcome.ok ? 'info' : 'error'}>
          <span>{outcome.message}</span> {outcome.ok ? <Link to={pathFor('parts-order-cart')}>Go to cart</Link> : null}
        </Banner>
      ) : null}
      <section aria-label="Search results">
        <Stack>
          {state.status === 'loading' ? <Loading>{COPY.searching}</Loading> : null}
          {state.status === 'failed' && state.message ? <Banner variant="error">{state.message}</Banner> : null}
          {state.status === 'failed' && !state.message ? <LoadFailed message={COPY.searchFailed} onRetry={retry} /> : null}
          {state.status === 'ready' ? (
            <>
              <h2>{state.page.total === 0 ? COPY.noResults : COPY.results(state.page.total)}</h2>
              <Results>
                {state.page.items.map((part) => (
                  <PartCard
                    key={part.partNumber}
                    part={part}
                    action={part.videoOnly ? <VideoOnlyNote part={part} /> : <AddToCart part={part} onAdd={(quantity) => add(part, quantity)} />}
                  />
                ))}
              </Results>
              {pages > 1 ? (
                <nav aria-label="Result pages">
                  <Row>
                    <Button $variant="secondary" disabled={current.page <= 1} onClick={() => go(readSearchValues(current), current.page - 1)}>
                      Previous
                    </Button>
                    <span>{COPY.page(current.page, pages)}</span>
                    <Button $variant="secondary" disabled={current.page >= pages} onClick={() => go(readSearchValues(current), current.page + 1)}>
                      Next
                    </Button>
                  </Row>
                </nav>
              ) : null}
            </>
          ) : null}
        </Stack>
      </section>
    </Stack>
  );
}
