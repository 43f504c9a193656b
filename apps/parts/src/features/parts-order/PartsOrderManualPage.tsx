import { useState, type FormEvent } from 'react';
import { Link } from '@portal/router';
import { isApiError, type PriceResult } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, MutedText, PageTitle, Row, Spinner, Stack, Table, TextAreaField, formatMoney } from '@portal/ui';
import { ButtonLink } from '@portal/forms/units';
import { CartLink } from '../../shared/cart/CartLink';
import { OrderPermissionNote } from '../../shared/OrderPermissionNote';
import { useCart } from '../../shared/cart/store';
import { COPY } from './copy';
import { parseManualEntry } from './model/manualEntry';

type Check =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'invalid'; errors: string[] }
  | { status: 'failed'; message: string }
  | { status: 'checked'; result: PriceResult }
  | { status: 'added'; count: number };

/**
 * parts-order/manual (public): part numbers and quantities typed or pasted, checked by the
 * server (POST /orders/price): the lines it can price are shown with their prices and can be
 * added to the cart; every line it cannot order is listed with its message (unknown, no longer
 * sold, bad quantity).
 */
export function PartsOrderManualPage() {
  const api = useApi();
  const cart = useCart('parts');
  const [text, setText] = useState('');
  const [check, setCheck] = useState<Check>({ status: 'idle' });
  const [addError, setAddError] = useState<string | null>(null);

  async function onCheck(event: FormEvent) {
    event.preventDefault();
    if (check.status === 'checking') return;
    setAddError(null);
    const entry = parseManualEntry(text);
    if (entry.errors.length > 0 || entry.lines.length === 0) {
      setCheck({ status: 'invalid', errors: entry.errors.length > 0 ? entry.errors : [COPY.nothingEntered] });
      return;
    }
    setCheck({ status: 'checking' });
    try {
      setCheck({ status: 'checked', result: await api.parts.price(entry.lines, { kind: 'parts' }) });
    } catch (error) {
      if (!isApiError(error)) console.error('Checking the parts failed', error);
      setCheck({ status: 'failed', message: isApiError(error) && error.status === 400 ? error.message : COPY.checkFailed });
    }
  }

  function addLines(result: PriceResult) {
    let added = 0;
    for (const line of result.lines) {
      const outcome = cart.add({
        pn: line.partNumber,
        quantity: line.quantity,
        partSpec: line.description,
        imgUrl: line.imagePath,
        model: '',
        serials: [],
        storeDate: new Date().toISOString(),
        isHighValue: line.isHighValue,
      });
      if (!outcome.ok) {
        setAddError(outcome.message);
        break;
      }
      added += 1;
    }
    if (added > 0) setCheck({ status: 'added', count: added });
  }

  return (
    <Stack $gap="lg">
      <PageTitle>{COPY.manualTitle}</PageTitle>
      <Row>
        <CartLink kind="parts" />
        <Link to={pathFor('parts-order')}>Browse the catalogue</Link>
      </Row>
      <OrderPermissionNote />
      <Card>
        <form aria-label={COPY.manualTitle} noValidate onSubmit={(event) => void onCheck(event)}>
          <Stack>
            <MutedText>{COPY.manualIntro}</MutedText>
            <TextAreaField
              label={COPY.manualLabel}
              name="lines"
              value={text}
              rows={8}
              spellCheck={false}
              autoCapitalize="characters"
              onChange={(event) => setText(event.target.value)}
            />
            <div>
              <Button type="submit" aria-busy={check.status === 'checking' || undefined}>
                {check.status === 'checking' ? <Spinner /> : null}
                {COPY.check}
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      {check.status === 'invalid' ? (
        <Banner variant="error">
          <ul>
            {check.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </Banner>
      ) : null}
      {check.status === 'failed' ? <Banner variant="error">{check.message}</Banner> : null}
      {check.status === 'added' ? (
        <Banner>
          <span>{COPY.linesAdded(check.count)}</span> <Link to={pathFor('parts-order-cart')}>Go to cart</Link>
        </Banner>
      ) : null}
      {addError ? <Banner variant="error">{addError}</Banner> : null}
      {check.status === 'checked' ? (
        <Stack>
          {check.result.problems.length > 0 ? (
            <Banner variant="error" title={COPY.problemsTitle}>
              <ul>
                {check.result.problems.map((problem) => (
                  <li key={`${problem.index}`}>{problem.message}</li>
                ))}
              </ul>
            </Banner>
          ) : null}
          {check.result.lines.length > 0 ? (
            <Card>
              <Stack>
                <Table>
                  <caption>{COPY.pricedCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Part</th>
                      <th scope="col">Description</th>
                      <th scope="col">Unit price</th>
                      <th scope="col">Quantity</th>
                      <th scope="col">Line total</th>
                    </tr>
                  </thead>
                  <tbody>
                    {check.result.lines.map((line) => (
                      <tr key={line.partNumber}>
                        <td>{line.partNumber}</td>
                        <td>{line.description}</td>
                        <td>{formatMoney(line.unitPrice)}</td>
                        <td>{line.quantity}</td>
                        <td>{formatMoney(line.lineTotal)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={4}>
                        Total
                      </th>
                      <td>{formatMoney(check.result.total)}</td>
                    </tr>
                  </tfoot>
                </Table>
                <Row>
                  <Button onClick={() => addLines(check.result)}>{COPY.addLines(check.result.lines.length)}</Button>
                  <ButtonLink to={pathFor('parts-order-cart')} $variant="secondary">
                    Go to cart
                  </ButtonLink>
                </Row>
              </Stack>
            </Card>
          ) : null}
        </Stack>
      ) : null}
    </Stack>
  );
}
