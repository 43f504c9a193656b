export { theme, type PortalTheme } from './theme';
export { PortalThemeProvider, GlobalStyle } from './ThemeProvider';
export { Button, buttonStyles, type ButtonVariant } from './Button';
export { Card, CardTitle } from './Card';
export { TextField, type TextFieldProps } from './TextField';
// The parts of those fields, for a field built around another library's control.
export { FieldBox, FieldError, FieldLabel, controlStyles } from './fieldParts';
export { SelectField, type SelectFieldProps, type SelectOption } from './SelectField';
export { TextAreaField, type TextAreaFieldProps } from './TextAreaField';
export { CheckboxField, RadioGroup, type CheckboxFieldProps, type RadioGroupProps, type RadioOption } from './Choice';
export { ProgressBar } from './ProgressBar';
export { FilePicker, type FilePickerProps, type FileAttached, type FileUploading } from './FilePicker';
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from './Dialog';
export { Table, FactList } from './Table';
export { Banner, type BannerProps, type BannerVariant } from './Banner';
export { Stepper, type StepperProps } from './Stepper';
export { Spinner } from './Spinner';
export { Loading, LoadFailed, type LoadFailedProps } from './LoadState';
export { saveBlob } from './saveBlob';
// The one way the portal writes money and dates.
export { formatMoney, formatAmount, formatUsdString, currencyDigits, type MoneyAmount } from './format/money';
export { formatDate, formatDateTime, formatMonth } from './format/date';
export { VisuallyHidden } from './VisuallyHidden';
export { CheckCircleIcon, CrossCircleIcon, AlertIcon, InfoIcon } from './icons';
export {
  PageContainer,
  SiteHeader,
  HeaderBar,
  Brand,
  NavList,
  Main,
  SiteFooter,
  PageTitle,
  Stack,
  Row,
  MutedText,
} from './Layout';
