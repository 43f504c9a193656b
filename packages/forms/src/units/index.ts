// Pieces the repair and recycle steppers share: the serial check and unit card, the step form with
// its timed banner, the leave warning, the preloaded countries, document links and summary cards,
// the single-document upload of the PO file and the proof of purchase, and the payment fields with
// the payment options they offer (repair flows and parts checkouts), and the router link that
// looks like a button (every app's and the host's).
export { useSerialCheck, SERIAL_CHECK_DEBOUNCE_MS, SERIAL_CHECK_FAILED, type SerialCheck } from './useSerialCheck';
export { SerialField, SERIAL_LABEL, CHECKING_TEXT, type SerialFieldProps } from './SerialField';
export { UnitCard } from './UnitCard';
export {
  UNIT_TEXT,
  UNIT_IMAGE_FALLBACK,
  unitStateText,
  needsHelpdeskReturn,
  unitImageSrc,
  type UnitStateTone,
} from './unitCardText';
export { StepForm, type StepFormProps } from './StepForm';
export { useStepFocus } from './useStepFocus';
export { useTimedMessage } from './useTimedMessage';
export { useLeaveWarning, isWarningFree } from './useLeaveWarning';
export { LeaveDialog } from './LeaveDialog';
export { useCountries } from './useCountries';
export { useDocumentLink, DOCUMENT_FAILED, type DocumentLink } from './useDocumentLink';
export { useFileUpload, uploadErrorMessage, ACCEPTED_DOCUMENTS, type FileUploadInProgress } from './useFileUpload';
export { FileUploadField, type FileUploadFieldProps } from './FileUploadField';
export { SummaryCard, Facts, UnitFacts, ContactFacts, AddressFacts } from './Summary';
export { usePaymentOptions, type PaymentOptionsState } from './usePaymentOptions';
export { PaymentFields, type PaymentFieldsProps, type PaymentFieldsText } from './PaymentFields';
export { ButtonLink } from './ButtonLink';
