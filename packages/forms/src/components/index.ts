export { ContactForm, FormGrid, FormSection, type ContactFormProps } from './ContactForm';
export { AddressForm, type AddressFormProps, type LocationLists } from './AddressForm';
export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { useTouched, visibleError } from '../touched';
export {
  SupportTicketForm,
  SupportTicketSignIn,
  ticketFromProfile,
  TICKET_STATE,
  TICKET_TEXT,
  type TicketState,
} from './SupportTicketForm';
