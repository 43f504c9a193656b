export { ContactForm, FormGrid, FormSection, type ContactFormProps } from './ContactForm';
export { AddressForm, type AddressFormProps, type LocationLists } from './AddressForm';
export { PhoneField, type PhoneFieldProps } from './PhoneField';
export { useTouched, visibleError } from '../touched';
