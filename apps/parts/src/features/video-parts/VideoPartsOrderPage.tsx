import { useMemo, useState } from 'react';
import { Link } from '@portal/router';
import styled from 'styled-components';
import type { Part, PartsSearch, VideoUnit } from '@portal/api-client';
import { hasClientRole, permissions, useSession, useSessionState } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, CardTitle, CheckboxField, MutedText, PageTitle, Row, SelectField, Stack, VisuallyHidden, LoadFailed, Loading } from '@portal/ui';
import { CartLink } from '../../shared/cart/CartLink';
import { OrderPermissionNote } from '../../shared/OrderPermissionNote';
import { useCart, type CartResult } from '../../shared/cart/store';
import { PartCard } from '../../shared/PartCard';
import { SignInPrompt } from '../../shared/SignInPrompt';
import { usePartsSearch } from '../../shared/usePartsSearch';
import { COPY } from './copy';
import { useVideoUnits } from './hooks/useVideoUnits';

const Results = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Serials = styled.fieldset`
  margin: 0;
  padding: 0;
  border: 0;
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ theme }) => theme.size.unitImage}, 1fr));
  gap: ${({ theme }) => theme.space.sm};

  legend {
    font-weight: ${({ theme }) => theme.font.weight.medium};
    margin-bottom: ${({ theme }) => theme.space.sm};
  }
`;

/** The model's parts from the catalogue, each added to the cart for the chosen units. */
function ModelParts({ model, selected, onAdd }: { model: string; selected: string[]; onAdd: (part: Part) => void }) {
  const search = useMemo<PartsSearch>(() => ({ model, itemsPerPage: 100 }), [model]);
  const { state, retry } = usePartsSearch(search);
  return (
    <section aria-label={COPY.partsTitle(model)}>
      <Stack>
        <h2>{COPY.partsTitle(model)}</h2>
        {state.status === 'loading' ? <Loading>{COPY.loadingParts}</Loading> : null}
        {state.status === 'failed' ? <LoadFailed message={state.message ?? COPY.partsFailed} onRetry={retry} /> : null}
        {state.status === 'ready' && state.page.items.length === 0 ? <p>{COPY.noParts}</p> : null}
        {state.status === 'ready' ? (
          <Results>
            {state.page.items.map((part) => (
              <PartCard
                key={part.partNumber}
                part={part}
                action={
                  <Row $gap="sm">
                    <Button aria-disabled={selected.length === 0} onClick={() => onAdd(part)}>
                      {COPY.addToCart}
                      <VisuallyHidden> {part.partNumber}</VisuallyHidden>
                    </Button>
                    <MutedText>{selected.length === 0 ? COPY.chooseFirst : COPY.forUnits(selected.length)}</MutedText>
                  </Row>
                }
              />
            ))}
          </Results>
        ) : null}
      </Stack>
    </section>
  );
}

function VideoOrder() {
  const { state, retry } = useVideoUnits();
  const cart = useCart('video');
  const [chosenModel, setChosenModel] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [outcome, setOutcome] = useState<CartResult | null>(null);

  const units: VideoUnit[] = state.status === 'ready' ? state.units : [];
  const models = [...new Set(units.map((unit) => unit.model))].sort();
  const model = models.includes(chosenModel) ? chosenModel : (models[0] ?? '');
  const modelUnits = units.filter((unit) => unit.model === model);
  // Only this model's units count: a selection never carries over to another model.
  const chosen = selected.filter((serial) => modelUnits.some((unit) => unit.serial === serial));

  const add = (part: Part) =>
    setOutcome(
      cart.add({
        pn: part.partNumber,
        quantity: chosen.length,
        partSpec: part.description,
        imgUrl: part.imagePath,
        model,
        serials: chosen,
        storeDate: new Date().toISOString(),
        isHighValue: part.isHighValue,
      }),
    );

  if (state.status === 'loading') return <Loading>{COPY.loadingUnits}</Loading>;
  if (state.status === 'failed') {
    return state.message ? <Banner variant="warning">{state.message}</Banner> : <LoadFailed message={COPY.unitsFailed} onRetry={retry} />;
  }
  if (units.length === 0) return <p>{COPY.noUnits}</p>;

  return (
    <Stack $gap="lg">
      <Card aria-label={COPY.unitsTitle}>
        <CardTitle>{COPY.unitsTitle}</CardTitle>
        <Stack>
          {models.length > 1 ? (
            <SelectField
              label={COPY.modelLabel}
              options={models.map((m) => ({ value: m, label: m }))}
              value={model}
              onChange={(value) => {
                setChosenModel(value);
                setSelected([]);
              }}
            />
          ) : null}
          <Serials>
            <legend>{COPY.unitsLegend(model)}</legend>
            {modelUnits.map((unit) => (
              <CheckboxField
                key={unit.serial}
                label={unit.serial}
                name="serials"
                checked={chosen.includes(unit.serial)}
                onChange={(on) => setSelected(on ? [...chosen, unit.serial] : chosen.filter((s) => s !== unit.serial))}
              />
            ))}
          </Serials>
          <Row>
            <Button $variant="secondary" onClick={() => setSelected(modelUnits.map((unit) => unit.serial))}>
              {COPY.selectAll}
            </Button>
            <Button $variant="secondary" onClick={() => setSelected([])}>
              {COPY.clearSelection}
            </Button>
          </Row>
        </Stack>
      </Card>
      {outcome ? (
        <Banner variant={outcome.ok ? 'info' : 'error'}>
          <span>{outcome.message}</span> {outcome.ok ? <Link to={pathFor('video-parts-order-cart')}>Go to video cart</Link> : null}
        </Banner>
      ) : null}
      <ModelParts model={model} selected={chosen} onAdd={add} />
    </Stack>
  );
}

/**
 * video-parts-order (public route): the customer's video units (GET /video/serials, which needs
 * service:video:serial:read; others are told why, a signed-out visitor is offered sign-in), the
 * parts of the chosen model, and Add to cart for the chosen units (spec §3, §4 Cart).
 */
export function VideoPartsOrderPage() {
  const session = useSessionState();
  const { clientId } = useSession();
  let body;
  if (session.status === 'loading') body = <Loading>Loading your account…</Loading>;
  else if (session.status === 'signed-out') body = <SignInPrompt title={COPY.signInTitle} reason={COPY.signInReason} />;
  else if (!hasClientRole(session.roles, clientId, permissions.videoSerialPermission)) body = <Banner variant="warning">{COPY.cannotRead}</Banner>;
  else body = <VideoOrder />;
  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.title}</PageTitle>
      <Row>
        <CartLink kind="video" />
      </Row>
      <OrderPermissionNote />
      <MutedText>{COPY.intro}</MutedText>
      {body}
    </Stack>
  );
}
