import { useEffect, useRef, useState } from 'react';
import type { Me } from '@portal/api-client';
import { useApi } from '@portal/auth';
import {
  addressFromProfile,
  contactFromProfile,
  defaultMethod,
  emptyPayment,
  type AddressValues,
  type ContactValues,
  type PaymentValues,
} from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { ButtonLink, useCountries, usePaymentOptions } from '@portal/forms/units';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, CardTitle, Loading, LoadFailed, Row, Spinner, Stack } from '@portal/ui';
import { CART_COPY } from '../cart/copy';
import { CartTable } from '../cart/CartTable';
import type { CartKind } from '../cart/model';
import { PRICE_FAILED } from '../usePrice';
import { CHECKOUT_COPY } from './copy';
import { checkoutBusy } from './machine';
import { Notices } from './Notices';
import { CHECKOUT_PAGES } from './pages';
import { PaymentSection } from './PaymentSection';
import { useCheckedCart } from './useCheckedCart';
import { usePlaceOrder } from './usePlaceOrder';

/** The checkout's form: the cart as the server prices it, contact, address and payment, and Place order. */
export function CheckoutForm({ kind, profile }: { kind: CartKind; profile: Me }) {
  const api = useApi();
  const countries = useCountries();
  const checked = useCheckedCart(kind);
  const { cart } = checked;
  const payment = usePaymentOptions();
  const [contact, setContact] = useState<ContactValues>(() => contactFromProfile(profile));
  const [address, setAddress] = useState<AddressValues>(() => addressFromProfile(profile.address?.shipping));
  const [pay, setPay] = useState<PaymentValues>(emptyPayment);
  const order = usePlaceOrder(kind, checked);
  const { state } = order;
  const busy = checkoutBusy(state);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (state.attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.attempts]);

  const options = payment.state.status === 'ready' ? payment.state.options : null;
  const effectivePay: PaymentValues = options && pay.method === '' ? { ...pay, method: defaultMethod(options) } : pay;

  if (checked.status === 'empty') {
    return (
      <Stack>
        {checked.notices.length > 0 ? <Notices notices={checked.notices} /> : null}
        <Card aria-label="Empty cart">
          <p>{CHECKOUT_COPY.emptyCart}</p>
          <ButtonLink to={pathFor(CHECKOUT_PAGES[kind].cart)}>Back to cart</ButtonLink>
        </Card>
      </Stack>
    );
  }

  const { server } = state;
  const lineErrors = server.lines.map(({ index, message }) => `${cart.items[index]?.pn ?? `Line ${index + 1}`}: ${message}`);
  return (
    <form
      ref={formRef}
      aria-label={CHECKOUT_PAGES[kind].title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (options) void order.place({ contact, address, payment: effectivePay, options });
      }}
    >
      <Stack $gap="lg">
        {cart.changedElsewhere > 0 ? <Banner variant="warning">{CART_COPY.changedElsewhere}</Banner> : null}
        {cart.notice ? <Banner variant="warning">{cart.notice}</Banner> : null}
        {checked.notices.length > 0 ? <Notices notices={checked.notices} /> : null}
        <Card aria-label={CHECKOUT_COPY.itemsCaption}>
          <CardTitle>{CHECKOUT_COPY.itemsCaption}</CardTitle>
          {checked.status === 'loading' ? <Loading>{CHECKOUT_COPY.checkingCart}</Loading> : null}
          {checked.status === 'failed' ? <LoadFailed message={PRICE_FAILED} onRetry={checked.retry} /> : null}
          <Stack>
            <CartTable kind={kind} caption="Items and prices" items={cart.items} prices={checked.prices} />
            <div>
              <ButtonLink to={pathFor(CHECKOUT_PAGES[kind].cart)} $variant="secondary">
                Edit cart
              </ButtonLink>
            </div>
          </Stack>
        </Card>
        <ContactForm value={contact} onChange={setContact} showAllErrors={state.showAll} serverErrors={server.contact} />
        <AddressForm
          value={address}
          onChange={setAddress}
          countries={countries}
          locations={api.locations}
          showAllErrors={state.showAll}
          serverErrors={server.address}
        />
        <PaymentSection
          options={payment.state}
          onRetry={payment.retry}
          values={effectivePay}
          onChange={setPay}
          showErrors={state.showAll}
          serverErrors={server.payment}
        />
        {state.error ? (
          <Banner variant="error">
            {state.error}
            {lineErrors.length > 0 || server.other.length > 0 ? (
              <ul>
                {[...lineErrors, ...server.other].map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            ) : null}
          </Banner>
        ) : null}
        {busy === 'redirecting' ? <Loading>{CHECKOUT_COPY.redirecting}</Loading> : null}
        <Row>
          <Button type="submit" aria-disabled={busy !== null || checked.status !== 'ready' || !options} aria-busy={busy !== null || undefined}>
            {busy === 'placing' ? <Spinner /> : null}
            {CHECKOUT_COPY.placeOrder}
          </Button>
        </Row>
      </Stack>
    </form>
  );
}
