import { useCallback, useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { isApiError, type Me, type SupportTicketSummary } from '@portal/api-client';
import { useApi, useSession, useSessionState } from '@portal/auth';
import { Button, Card, CardTitle, MutedText, SelectField, Spinner, Stack, TextAreaField, TextField } from '@portal/ui';
import { useTouched, visibleError } from '../touched';
import {
  CASE_TYPES,
  emptyTicket,
  maskTicketPhone,
  TICKET_PHONE_MASK,
  ticketMessages,
  toTicketInput,
  validateTicket,
  type TicketField,
  type TicketValues,
} from '../ticket';
import { FormGrid } from './ContactForm';

/** Spec §2 ticket states: started (0), processing (1), complete (2), then back to started. */
export const TICKET_STATE = { started: 0, processing: 1, complete: 2 } as const;
export type TicketState = (typeof TICKET_STATE)[keyof typeof TICKET_STATE];

export const TICKET_TEXT = {
  title: 'Open a support ticket',
  submit: 'Create ticket',
  signInNeeded: 'Please sign in to raise a support ticket. Signed-in customers can follow their tickets here.',
  signIn: 'Sign in to raise a ticket',
  yourTickets: 'Your tickets',
  network: 'the server could not be reached',
} as const;

const Outcome = styled.p<{ $ok: boolean }>`
  margin: 0;
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: ${({ theme, $ok }) => ($ok ? theme.colors.success.fg : theme.colors.error.fg)};
`;

/** A profile phone in international form (+1 512…), which takes the phone metadata to read. */
const isInternational = (phone: string) => phone.startsWith('+');

/**
 * The form's first values from the signed-in profile: names, e-mail and phone (masked). A phone
 * in international form comes after (useInternationalPhone).
 */
export function ticketFromProfile(profile: Pick<Me, 'firstName' | 'lastName' | 'email' | 'phone' | 'phoneCountryCode'> | null): TicketValues {
  if (!profile) return emptyTicket;
  const phone = profile.phone ?? '';
  return {
    ...emptyTicket,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email ?? '',
    phone: isInternational(phone) ? '' : maskTicketPhone(phone),
  };
}

/**
 * Fills the phone from a profile phone in international form once the phone metadata
 * (libphonenumber, about 25 kB gzip) is in, unless the customer has typed one meanwhile. The
 * help page loads without that code for everyone else, visitors who have not signed in first.
 */
function useInternationalPhone(phone: string, set: (fill: (values: TicketValues) => TicketValues) => void) {
  useEffect(() => {
    if (!isInternational(phone)) return undefined;
    let live = true;
    import('../phone').then(
      ({ toNationalDigits }) => {
        if (live) set((values) => (values.phone === '' ? { ...values, phone: maskTicketPhone(toNationalDigits(phone)) } : values));
      },
      () => undefined, // the field stays empty for the customer to fill
    );
    return () => {
      live = false;
    };
  }, [phone, set]);
}

/** Shown to signed-out visitors instead of the form: raising a ticket needs sign-in. */
export function SupportTicketSignIn() {
  const session = useSession();
  return (
    <Card aria-label={TICKET_TEXT.title}>
      <CardTitle as="h2">{TICKET_TEXT.title}</CardTitle>
      <Stack>
        <MutedText>{TICKET_TEXT.signInNeeded}</MutedText>
        <div>
          <Button $variant="secondary" onClick={() => void session.signIn(`${window.location.pathname}${window.location.search}`)}>
            {TICKET_TEXT.signIn}
          </Button>
        </div>
      </Stack>
    </Card>
  );
}

function useMyTickets(enabled: boolean) {
  const api = useApi();
  const [tickets, setTickets] = useState<SupportTicketSummary[]>([]);
  const reload = useCallback(() => {
    if (!enabled) return;
    api.support.myServiceSupportTickets().then(setTickets, () => undefined); // the list is a convenience
  }, [api, enabled]);
  useEffect(reload, [reload]);
  return { tickets, reload };
}

function SignedInTicketForm({ profile }: { profile: Me }) {
  const api = useApi();
  const [values, setValues] = useState<TicketValues>(() => ticketFromProfile(profile));
  useInternationalPhone(profile.phone ?? '', setValues);
  const [state, setState] = useState<TicketState>(TICKET_STATE.started);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [showAll, setShowAll] = useState(false);
  const { touch, shows } = useTouched<TicketField>(showAll);
  const { tickets, reload } = useMyTickets(true);
  const errors = validateTicket(values);
  const valid = Object.keys(errors).length === 0;
  const errorOf = (field: TicketField) => visibleError(errors[field], undefined, shows(field));
  const set = (field: TicketField, value: string) => setValues((v) => ({ ...v, [field]: value }));

  // Complete is a moment, not a resting place: the form is ready for the next ticket.
  useEffect(() => {
    if (state !== TICKET_STATE.complete) return undefined;
    const timer = setTimeout(() => setState(TICKET_STATE.started), 0);
    return () => clearTimeout(timer);
  }, [state]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (state === TICKET_STATE.processing) return;
    if (!valid) {
      setShowAll(true);
      return;
    }
    setState(TICKET_STATE.processing);
    setOutcome(null);
    try {
      const result = await api.support.createServiceSupportTicket(toTicketInput(values));
      if (result.success && result.uid) {
        setOutcome({ ok: true, text: ticketMessages.created(result.uid) });
        setValues((v) => ({ ...v, subject: '', description: '', caseType: '', model: '', serial: '' }));
        setShowAll(false);
        reload();
      } else {
        setOutcome({ ok: false, text: ticketMessages.failed(result.error ?? 'unknown error') });
      }
    } catch (error) {
      setOutcome({ ok: false, text: ticketMessages.failed(isApiError(error) ? error.message : TICKET_TEXT.network) });
    } finally {
      setState(TICKET_STATE.complete);
    }
  }

  const text = (field: TicketField, label: string, extra: { type?: string; autoComplete?: string } = {}) => (
    <TextField
      label={label}
      name={field}
      value={values[field]}
      onChange={(event) => set(field, event.target.value)}
      onBlur={() => touch(field)}
      error={errorOf(field)}
      {...extra}
    />
  );
  const processing = state === TICKET_STATE.processing;

  return (
    <Card aria-label={TICKET_TEXT.title}>
      <CardTitle as="h2">{TICKET_TEXT.title}</CardTitle>
      <form aria-label="Support ticket" noValidate onSubmit={(event) => void submit(event)} data-state={state}>
        <Stack>
          <FormGrid>
            {text('firstName', 'First Name', { autoComplete: 'given-name' })}
            {text('lastName', 'Last Name', { autoComplete: 'family-name' })}
            {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
            <TextField
              label="Phone"
              name="phone"
              type="tel"
              inputMode="tel"
              placeholder={TICKET_PHONE_MASK}
              value={values.phone}
              onChange={(event) => set('phone', maskTicketPhone(event.target.value))}
              onBlur={() => touch('phone')}
              error={errorOf('phone')}
            />
            {text('subject', 'Subject')}
            <SelectField
              label="Case Type"
              name="caseType"
              placeholder="Choose a case type"
              options={CASE_TYPES.map((c) => ({ value: c, label: c }))}
              value={values.caseType}
              onChange={(value) => set('caseType', value)}
              onBlur={() => touch('caseType')}
              error={errorOf('caseType')}
            />
            {text('model', 'Model')}
            {text('serial', 'Serial Number')}
          </FormGrid>
          <TextAreaField
            label="Description"
            name="description"
            rows={5}
            value={values.description}
            onChange={(event) => set('description', event.target.value)}
            onBlur={() => touch('description')}
            error={errorOf('description')}
          />
          <div role="status">{outcome ? <Outcome $ok={outcome.ok}>{outcome.text}</Outcome> : null}</div>
          <div>
            <Button type="submit" aria-disabled={!valid || processing} aria-busy={processing || undefined}>
              {processing ? <Spinner /> : null}
              {TICKET_TEXT.submit}
            </Button>
          </div>
          {tickets.length > 0 ? (
            <section aria-label={TICKET_TEXT.yourTickets}>
              <h3>{TICKET_TEXT.yourTickets}</h3>
              <ul>
                {tickets.map((t) => (
                  <li key={t.uid}>
                    {t.uid} — {t.subject} ({t.caseType}, {t.status})
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Spec §2 support-ticket form: shown only when signed in (prefilled from /me); signed-out visitors
 * are told to sign in instead.
 */
export function SupportTicketForm() {
  const session = useSessionState();
  if (session.status === 'loading') return <Spinner />;
  if (session.status !== 'signed-in') return <SupportTicketSignIn />;
  return <SignedInTicketForm profile={session.profile} />;
}
