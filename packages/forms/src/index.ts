export { messages } from './messages';
export { limits, timings } from './limits';
export { required, maxLength, minLength, exactLength, validate, type Rule } from './rules';
export {
  SERIAL_CHECK_MIN_LENGTH,
  SERIAL_INVALID_ICON_MIN_LENGTH,
  HELPDESK_RETURN_MODEL,
  normalizeSerial,
  shouldCheckSerial,
  showsInvalidSerialIcon,
  isSerialValidForNewRma,
  serialStatusText,
  type SerialEligibility,
  type SerialStatus,
} from './serial';
