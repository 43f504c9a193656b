export { messages } from './messages';
export { limits, timings } from './limits';
export { required, maxLength, minLength, exactLength, email, noPoBox, validate, type Rule } from './rules';
export {
  SERIAL_CHECK_MIN_LENGTH,
  SERIAL_INVALID_ICON_MIN_LENGTH,
  HELPDESK_RETURN_MODEL,
  normalizeSerial,
  parseSerial,
  isSerial,
  SERIAL_MAX_LENGTH,
  shouldCheckSerial,
  showsInvalidSerialIcon,
  isSerialValidForNewRma,
  serialStatusText,
  type SerialEligibility,
  type SerialStatus,
} from './serial';
export {
  QUOTE_UNIT_BLOCK_TEXT,
  UPGRADE_AFTER_OPEN_RMA,
  mayOpenRepair,
  mayRecycle,
  upgradeBlock,
  isUpgradeable,
  type UnitOfferFacts,
  type UpgradeBlock,
} from './offers';
export { DEFAULT_PHONE_COUNTRY } from './phoneCountry';
export { validatePhone, toE164, toNationalDigits, changePhoneCountry, formatPhone } from './phone';
export { emptyContact, contactFromProfile, type ContactValues, type ContactField, type ContactProfile } from './contactValues';
export { compact, withoutChanged, type FieldErrors } from './fieldErrors';
export { sortFieldErrors, type SortedFieldErrors } from './serverFieldErrors';
export { toAddressBody, toContactBody } from './requestBody';
export { validateContact, contactErrors, CONTACT_TEXT_FIELDS, type TextContactField } from './contact';
export {
  DEFAULT_COUNTRY,
  MILITARY_STATES,
  MILITARY_CITIES,
  emptyAddress,
  addressFromProfile,
  isMilitaryState,
  isMilitaryCity,
  isMilitaryAddress,
  changeCountry,
  changeState,
  validateAddress,
  type AddressValues,
  type AddressField,
} from './address';
export { loadCountries, type CountriesData } from './locations';
export { useTouched, visibleError } from './touched';
export {
  CASE_TYPES,
  TICKET_PHONE_MASK,
  emptyTicket,
  maskTicketPhone,
  ticketLimits,
  ticketMessages,
  toTicketInput,
  validateTicket,
  type CaseType,
  type TicketField,
  type TicketValues,
} from './ticket';
export {
  CUSTOMER_PO_MAX,
  METHOD_LABELS,
  PAYMENT_FIELD_PATHS,
  customerPO,
  defaultMethod,
  emptyPayment,
  paymentServerErrors,
  poNumberMax,
  validatePayment,
  type PaymentField,
  type PaymentValues,
} from './payment';
