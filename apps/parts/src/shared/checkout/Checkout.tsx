import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@portal/router';
import { isApiError, type Me, type PartsOrderPayload, type PriceResult } from '@portal/api-client';
import { hasClientRole, permissions, useApi, useSession, useSessionState } from '@portal/auth';
import {
  addressFromProfile,
  contactFromProfile,
  defaultMethod,
  emptyPayment,
  messages,
  toNationalDigits,
  validateAddress,
  validateContact,
  validatePayment,
  type AddressField,
  type AddressValues,
  type ContactField,
  type ContactValues,
  type FieldErrors,
  type PaymentValues,
} from '@portal/forms';
import { AddressForm, ContactForm } from '@portal/forms/components';
import { useCountries, usePaymentOptions, ButtonLink } from '@portal/forms/units';
import { pathFor } from '@portal/routes';
import { Banner, Button, Card, CardTitle, PageTitle, Row, Spinner, Stack, LoadFailed, Loading } from '@portal/ui';
import { CART_COPY } from '../cart/copy';
import { CartTable } from '../cart/CartTable';
import { reconcile, toOrderLines, type CartItem, type CartKind } from '../cart/model';
import { readCart, removeOrdered, useCart } from '../cart/store';
import { newIdempotencyKey } from '../format';
import { SignInPrompt } from '../SignInPrompt';
import { PRICE_FAILED } from '../usePrice';
import { CHECKOUT_COPY } from './copy';
import { browser, noServerErrors, readPaymentReturn, sortServerErrors, toPaymentData, type CheckoutServerErrors, type PaymentReturn } from './payment';
import { PaymentSection } from './PaymentSection';
import { AwaitingPayment } from './AwaitingPayment';
import type { SuccessState } from './success';

const PAGES = {
  parts: { title: 'Checkout', cart: 'parts-order-cart', checkout: 'parts-order-checkout' },
  video: { title: 'Video parts checkout', cart: 'video-parts-order-cart', checkout: 'video-parts-order-checkout' },
} as const;

/**
 * A payment return is handled once per order even when React runs the effect twice (strict
 * mode) or the page re-mounts: capturing twice must not be attempted.
 */
const settling = new Map<string, Promise<unknown>>();
function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  const running = settling.get(key) ?? run();
  settling.set(key, running);
  return running as Promise<T>;
}

const t = (value: string) => value.trim();

function buildPayload(kind: CartKind, items: readonly CartItem[], contact: ContactValues, address: AddressValues): Omit<PartsOrderPayload, 'paymentData'> {
  return {
    kind,
    lines: toOrderLines(kind, items),
    contact: {
      firstName: t(contact.firstName),
      lastName: t(contact.lastName),
      email: t(contact.email),
      phone: toNationalDigits(contact.phone),
      phoneCountryCode: contact.phoneCountryCode,
      company: t(contact.company),
      position: t(contact.position),
    },
    address: {
      line1: t(address.line1),
      line2: t(address.line2),
      city: t(address.city),
      state: t(address.state),
      country: t(address.country),
      postalCode: t(address.postalCode),
    },
  };
}

interface PriceCheck {
  key: string;
  attempt: number;
  result: PriceResult | null;
}

/**
 * The cart as the server prices it, reconciled on every change of the lines and after another
 * tab changed the cart: a line the server cannot order leaves the cart with its message, stored
 * details the catalogue disagrees with are replaced, and the page says so (never silently).
 */
function useCheckedCart(kind: CartKind) {
  const api = useApi();
  const cart = useCart(kind);
  const [notices, setNotices] = useState<string[]>([]);
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<PriceCheck | null>(null);
  const key = JSON.stringify(toOrderLines(kind, cart.items));
  const { replace } = cart;

  useEffect(() => {
    // Read from storage here: the effect runs for the stored cart, whoever changed it.
    const items = readCart(kind).items;
    if (items.length === 0) return undefined;
    const controller = new AbortController();
    api.parts.price(toOrderLines(kind, items), { signal: controller.signal, kind }).then(
      (result) => {
        if (controller.signal.aborted) return;
        const reconciled = reconcile(items, result);
        if (reconciled.notices.length > 0) {
          setNotices((before) => [...before, ...reconciled.notices]);
          replace(reconciled.items);
          // Changed lines are priced again (their key changes); details from the catalogue alone
          // leave the lines, and so these prices, as they are.
          if (JSON.stringify(toOrderLines(kind, reconciled.items)) !== JSON.stringify(toOrderLines(kind, items))) return;
        }
        setCheck({ key, attempt, result });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Checking the cart failed', error);
        setCheck({ key, attempt, result: null });
      },
    );
    return () => controller.abort();
    // replace is a new function each render; the stored cart (key) and the tab changes decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, kind, key, attempt, cart.changedElsewhere]);

  const current = check && check.key === key && check.attempt === attempt ? check : null;
  return {
    cart,
    notices,
    addNotices: (more: string[]) => setNotices((before) => [...before, ...more]),
    status: cart.items.length === 0 ? ('empty' as const) : !current ? ('loading' as const) : current.result ? ('ready' as const) : ('failed' as const),
    prices: current?.result ?? null,
    retry: () => setAttempt((n) => n + 1),
  };
}

function CheckoutForm({ kind, profile }: { kind: CartKind; profile: Me }) {
  const api = useApi();
  const navigate = useNavigate();
  const countries = useCountries();
  const checked = useCheckedCart(kind);
  const { cart } = checked;
  const payment = usePaymentOptions();
  const [contact, setContact] = useState<ContactValues>(() => contactFromProfile(profile));
  const [address, setAddress] = useState<AddressValues>(() => addressFromProfile(profile.address?.shipping));
  const [pay, setPay] = useState<PaymentValues>(emptyPayment);
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<CheckoutServerErrors>(noServerErrors);
  const [busy, setBusy] = useState<'placing' | 'redirecting' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempts, setAttempts] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // One key per distinct order: a retry after a lost answer reuses it, so nothing is ordered twice.
  const idempotency = useRef<{ body: string; key: string } | null>(null);

  useEffect(() => {
    if (attempts > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  // The browser's Back button from PayPal may restore this page from its cache as it was left,
  // 'Taking you to the payment provider…'. Load it again: the order now awaits its payment, and
  // the fresh checkout offers to pay or cancel it.
  useEffect(() => {
    if (busy !== 'redirecting') return undefined;
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) browser.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [busy]);

  const options = payment.state.status === 'ready' ? payment.state.options : null;
  const effectivePay: PaymentValues = options && pay.method === '' ? { ...pay, method: defaultMethod(options) } : pay;

  async function placeOrder(event: FormEvent) {
    event.preventDefault();
    if (busy || !options) return;
    const invalid =
      Object.keys(validateContact(contact)).length > 0 ||
      Object.keys(validateAddress(address)).length > 0 ||
      Object.keys(validatePayment(effectivePay, options)).length > 0;
    if (invalid) {
      setShowAll(true);
      setError(messages.errorValidatingInformation);
      setAttempts((n) => n + 1);
      return;
    }
    setBusy('placing');
    setError(null);
    setServer(noServerErrors);
    try {
      // Reconcile with the server right before placing: what is ordered is what the page shows.
      const items = readCart(kind).items;
      if (items.length === 0) return;
      const reconciled = reconcile(items, await api.parts.price(toOrderLines(kind, items), { kind }));
      if (reconciled.notices.length > 0) {
        checked.addNotices(reconciled.notices);
        cart.replace(reconciled.items);
        setError(CHECKOUT_COPY.cartUpdatedStop);
        return;
      }
      const payload: PartsOrderPayload = { ...buildPayload(kind, items, contact, address), paymentData: toPaymentData(effectivePay, options) };
      const body = JSON.stringify(payload);
      if (idempotency.current?.body !== body) idempotency.current = { body, key: newIdempotencyKey() };
      const created = await api.parts.createOrder(payload, idempotency.current.key);
      if (created.status === 'PLACED') {
        // Paid (PO): what was ordered leaves the cart now, once; the success page touches no cart.
        removeOrdered(kind, created.rmaBatchId, payload.lines);
        const state: SuccessState = { rmaBatchId: created.rmaBatchId, kind, total: created.total };
        navigate(pathFor('parts-order-success'), { state });
        return;
      }
      if (created.paymentUrl) {
        setBusy('redirecting');
        browser.assign(created.paymentUrl);
        return;
      }
      setError(CHECKOUT_COPY.orderFailed);
    } catch (caught) {
      if (!isApiError(caught)) {
        console.error('Placing the order failed', caught);
        setError(CHECKOUT_COPY.orderFailed);
        return;
      }
      // A definite answer ends this key's use; a lost one (status 0) keeps it for the retry.
      if (caught.status !== 0) idempotency.current = null;
      const sorted = sortServerErrors(caught.fields);
      setServer(sorted);
      if (Object.keys(caught.fields).length > 0) {
        setShowAll(true);
        setAttempts((n) => n + 1);
      }
      setError(caught.message);
    } finally {
      setBusy((now) => (now === 'placing' ? null : now));
    }
  }

  if (checked.status === 'empty') {
    return (
      <Stack>
        {checked.notices.length > 0 ? <Notices notices={checked.notices} /> : null}
        <Card aria-label="Empty cart">
          <p>{CHECKOUT_COPY.emptyCart}</p>
          <ButtonLink to={pathFor(PAGES[kind].cart)}>Back to cart</ButtonLink>
        </Card>
      </Stack>
    );
  }

  const lineErrors = server.lines.map(({ index, message }) => `${cart.items[index]?.pn ?? `Line ${index + 1}`}: ${message}`);
  return (
    <form ref={formRef} aria-label={PAGES[kind].title} noValidate onSubmit={(event) => void placeOrder(event)}>
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
              <ButtonLink to={pathFor(PAGES[kind].cart)} $variant="secondary">
                Edit cart
              </ButtonLink>
            </div>
          </Stack>
        </Card>
        <ContactForm value={contact} onChange={setContact} showAllErrors={showAll} serverErrors={server.contact as FieldErrors<ContactField>} />
        <AddressForm
          value={address}
          onChange={setAddress}
          countries={countries}
          locations={api.locations}
          showAllErrors={showAll}
          serverErrors={server.address as FieldErrors<AddressField>}
        />
        <PaymentSection
          options={payment.state}
          onRetry={payment.retry}
          values={effectivePay}
          onChange={setPay}
          showErrors={showAll}
          serverErrors={server.payment}
        />
        {error ? (
          <Banner variant="error">
            {error}
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

function Notices({ notices }: { notices: string[] }) {
  return (
    <Banner variant="warning" title={CART_COPY.reconciledTitle}>
      <ul>
        {notices.map((notice, i) => (
          <li key={`${i}-${notice}`}>{notice}</li>
        ))}
      </ul>
    </Banner>
  );
}

type ReturnPhase = { kind: 'settling' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/**
 * Back from the payment provider (`?batch=…&token=…` or `&cancelled=1`): an approved payment is
 * captured and the order placed, then the success page; a cancelled one cancels the order that
 * awaited it and keeps the cart, with the checkout below to try again.
 */
function PaymentReturnView({ kind, rmaBatchId, token, cancelled, profile }: { kind: CartKind; profile: Me } & PaymentReturn) {
  const api = useApi();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<ReturnPhase>({ kind: 'settling' });

  useEffect(() => {
    if (!cancelled && !token) return;
    let live = true;
    if (cancelled) {
      once(`cancel:${rmaBatchId}`, () => api.parts.cancelOrder(rmaBatchId)).then(
        () => live && setPhase({ kind: 'cancelled' }),
        (error: unknown) => {
          // The provider took nothing either way; the order stays unpaid, and says so in the history.
          console.error('Cancelling the unpaid order failed', error);
          if (live) setPhase({ kind: 'cancelled' });
        },
      );
    } else {
      once(`process:${rmaBatchId}:${token}`, () => api.parts.processOrder({ rmaBatchId, token })).then(
        (order) => {
          if (!live) return;
          // Paid: the order's own lines leave the cart, not what another tab added meanwhile.
          removeOrdered(kind, order.rmaBatchId, order.lines);
          const state: SuccessState = { rmaBatchId: order.rmaBatchId, kind, total: order.total };
          navigate(pathFor('parts-order-success'), { replace: true, state });
        },
        (error: unknown) => {
          settling.delete(`process:${rmaBatchId}:${token}`); // Try again may ask again
          if (live) setPhase({ kind: 'failed', message: CHECKOUT_COPY.processFailed(isApiError(error) ? error.message : CHECKOUT_COPY.orderFailed) });
        },
      );
    }
    return () => {
      live = false;
    };
  }, [api, rmaBatchId, token, cancelled, kind, navigate]);

  const checkout = pathFor(PAGES[kind].checkout);
  if (!cancelled && !token) {
    return (
      <Stack>
        <Banner variant="error">{CHECKOUT_COPY.noToken}</Banner>
        <div>
          <ButtonLink to={checkout} replace>
            {CHECKOUT_COPY.backToCheckout}
          </ButtonLink>
        </div>
      </Stack>
    );
  }
  if (phase.kind === 'cancelled') {
    return (
      <Stack $gap="lg">
        <Banner variant="warning">{CHECKOUT_COPY.cancelled}</Banner>
        <CheckoutForm kind={kind} profile={profile} />
      </Stack>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Stack>
        <Banner variant="error">{phase.message}</Banner>
        <Row>
          <Button onClick={() => navigate(0)}>{CHECKOUT_COPY.tryAgain}</Button>
          <ButtonLink to={checkout} replace $variant="secondary">
            {CHECKOUT_COPY.backToCheckout}
          </ButtonLink>
        </Row>
      </Stack>
    );
  }
  return <Loading>{cancelled ? CHECKOUT_COPY.cancelling : CHECKOUT_COPY.processing}</Loading>;
}

/**
 * A checkout (parts-order/checkout, video-parts-order/checkout). Sign-in is needed at this step:
 * a signed-out visitor is told why and offered sign-in, coming back here; an account without
 * service:partorder:create (and, for video parts, service:video:serial:read) is told it cannot
 * order. Then contact and address (prefilled from the profile), payment by card or PO, and the
 * cart reconciled with the server before the order is placed.
 */
export function Checkout({ kind }: { kind: CartKind }) {
  const session = useSessionState();
  const { clientId } = useSession();
  const location = useLocation();
  const back = readPaymentReturn(location.search);
  const title = PAGES[kind].title;

  let body;
  if (session.status === 'loading') body = <Loading>Loading your account…</Loading>;
  else if (session.status === 'signed-out') body = <SignInPrompt title={CHECKOUT_COPY.signInTitle} reason={CHECKOUT_COPY.signInReason} />;
  else {
    const refusals = [
      hasClientRole(session.roles, clientId, permissions.createPartOrder) ? null : CHECKOUT_COPY.cannotOrder,
      kind === 'video' && !hasClientRole(session.roles, clientId, permissions.videoSerialPermission) ? CHECKOUT_COPY.cannotReadVideoSerials : null,
    ].filter((r) => r !== null);
    if (refusals.length > 0)
      body = (
        <Stack>
          {refusals.map((refusal) => (
            <Banner key={refusal} variant="warning">
              {refusal}
            </Banner>
          ))}
        </Stack>
      );
    else if (back) body = <PaymentReturnView key={location.search} kind={kind} {...back} profile={session.profile} />;
    else
      body = (
        <Stack $gap="lg">
          <AwaitingPayment kind={kind} />
          <CheckoutForm kind={kind} profile={session.profile} />
        </Stack>
      );
  }

  return (
    <Stack $gap="lg">
      <PageTitle>{title}</PageTitle>
      {body}
    </Stack>
  );
}
