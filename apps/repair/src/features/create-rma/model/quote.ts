import type { Money, RmaInput, RmaPackaging } from '@portal/api-client';
import { addressFromProfile, contactFromProfile, type AddressValues, type ContactValues } from '@portal/forms';
import type { PackagingChoice } from './packaging';
import { emptyProblem, type ProblemValues } from './problem';

/** A saved quote as spec §3 describes it; it prefills the whole stepper (route input quoteData). */
export interface SavedQuote {
  shipping?: {
    address?: Partial<AddressValues> | null;
    contact?: {
      firstName?: string;
      lastName?: string;
      emailAddress?: string;
      phoneNumber?: string;
      phoneCountryCode?: string;
      companyName?: string;
    } | null;
  } | null;
  externalResource?: {
    serial?: string;
    rmaInput?: SavedRmaInput | null;
    packaging?: Partial<RmaPackaging> | null;
  } | null;
  /** What the quote costs, priced by the server. */
  total?: Money;
}

/** A saved quote's rmaInput: the create payload's, plus the names its files were uploaded under. */
export type SavedRmaInput = Partial<RmaInput> & {
  /** Stored file name → the name the customer uploaded it under. */
  attachmentNames?: Record<string, string> | null;
};

export function isSavedQuote(value: unknown): value is SavedQuote {
  return typeof value === 'object' && value !== null && ('externalResource' in value || 'shipping' in value);
}

const yesNo = (value: boolean | undefined) => (value ? 'yes' : 'no');

export function problemFromQuote(input: SavedRmaInput | null | undefined): ProblemValues {
  if (!input) return emptyProblem;
  const p = input.permissions;
  return {
    ...emptyProblem,
    primaryFault: input.primaryFault ?? '',
    problem: input.problem ?? '',
    initialNotes: input.initialNotes ?? '',
    reimage: yesNo(p?.reimage),
    biosFirmware: yesNo(p?.biosFirmware),
    acc: { ...emptyProblem.acc, ...input.acc },
    hasDeviceData: p?.hasDeviceData === undefined ? '' : yesNo(p.hasDeviceData),
    acknowledgeClickWrapAgreement: p?.acknowledgeClickWrapAgreement ?? false,
    acknowledgeHddBackup: p?.acknowledgeHddBackup ?? false,
    userId: p?.userId ?? '',
    userPassword: p?.userPassword ?? '',
    biosPassword: p?.biosPassword ?? '',
    customerReference: input.customerReference ?? '',
    assetTag: input.assetTag ?? '',
    // A quote saved without the upload names shows the stored ones.
    attachments: (input.attachments ?? []).map((name) => ({
      originalname: input.attachmentNames?.[name] ?? name,
      bucketFileName: name,
      cancellable: false,
    })),
  };
}

export function contactFromQuote(quote: SavedQuote, fallback: ContactValues): ContactValues {
  const c = quote.shipping?.contact;
  if (!c) return fallback;
  return contactFromProfile({
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.emailAddress,
    phone: c.phoneNumber,
    phoneCountryCode: c.phoneCountryCode,
    company: c.companyName,
    position: fallback.position,
  });
}

export function addressFromQuote(quote: SavedQuote, fallback: AddressValues): AddressValues {
  return quote.shipping?.address ? addressFromProfile(quote.shipping.address) : fallback;
}

/** The packaging choice a quote was saved with (spec §4 mapping read backwards); '' when unknown. */
export function packagingFromQuote(quote: SavedQuote): PackagingChoice | '' {
  const p = quote.externalResource?.packaging;
  if (!p) return '';
  if (p.requestBox) return 'box';
  if (p.havePackaging) return 'label';
  return 'qr';
}
