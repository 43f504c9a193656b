import { createAccountClient, type AccountClient } from './account/client';
import { createAccountManagerClient, type AccountManagerClient } from './accountManager/client';
import { createBatchClient, type BatchClient } from './batch/client';
import { createHttpClient, type ApiClientOptions, type HttpClient } from './client';
import { createGraphQLClient, type GraphQLClient } from './graphql';
import { createDepotClient, type DepotClient } from './depot/client';
import { createIdentityClient, type IdentityClient } from './identity/client';
import { createLocationsClient, type LocationsClient } from './locations/client';
import { createPartsClient, type PartsClient } from './parts/client';
import { createPaymentsClient, type PaymentsClient } from './payments/client';
import { createRecycleClient, type RecycleClient } from './recycle/client';
import { createReportsClient, type ReportsClient } from './reports/client';
import { createRepairClient, type RepairClient } from './repair/client';
import { createShippingClient, type ShippingClient } from './shipping/client';
import { createSupportClient, type SupportClient } from './support/client';
import { createUploadsClient, type UploadsClient } from './uploads/client';

export interface ApiClient {
  http: HttpClient;
  graphql: GraphQLClient;
  repair: RepairClient;
  payments: PaymentsClient;
  identity: IdentityClient;
  locations: LocationsClient;
  uploads: UploadsClient;
  shipping: ShippingClient;
  recycle: RecycleClient;
  support: SupportClient;
  reports: ReportsClient;
  accountManager: AccountManagerClient;
  account: AccountClient;
  parts: PartsClient;
  depot: DepotClient;
  batch: BatchClient;
}

/** The typed API, one property per domain, over the one HTTP wrapper. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const http = createHttpClient(options);
  const graphql = createGraphQLClient(http);
  return {
    http,
    graphql,
    repair: createRepairClient(http, graphql),
    payments: createPaymentsClient(http),
    identity: createIdentityClient(http),
    locations: createLocationsClient(http),
    uploads: createUploadsClient(http),
    shipping: createShippingClient(http),
    recycle: createRecycleClient(http),
    support: createSupportClient(http, graphql),
    reports: createReportsClient(graphql),
    accountManager: createAccountManagerClient(http),
    account: createAccountClient(http, graphql),
    parts: createPartsClient(http),
    depot: createDepotClient(http),
    batch: createBatchClient(http),
  };
}

export {
  createHttpClient,
  SESSION_URL_HEADER,
  type ApiClientOptions,
  type HttpClient,
  type HttpMethod,
  type Query,
  type RequestOptions,
  type TokenSource,
  type UploadOptions,
} from './client';
export { ApiError, isApiError, isAbortError, type ApiErrorBody } from './errors';
export { rmaStatusWords } from './statusWords';
export { createGraphQLClient, isUnauthenticated, GRAPHQL_PATH, type GraphQLClient, type GraphQLErrorEntry } from './graphql';
export {
  AWAITING_PAYMENT_PATH,
  CANCEL_RMA_PATH,
  CREATE_OOW_PATH,
  PAY_RMA_PATH,
  IDEMPOTENCY_KEY_HEADER,
  PAYMENT_OPTIONS_PATH,
  PROCESS_OOW_PATH,
  REPAIR_FORM_SELECTIONS_QUERY,
  decisionPath,
  type RepairClient,
} from './repair/client';
export type {
  CancelRmaResult,
  CreateOowPayload,
  CreateOowResult,
  CreateRmaPayload,
  CreateRmaResult,
  DecisionChoice,
  DecisionInput,
  DecisionPaymentMethod,
  DecisionResult,
  PaymentData,
  PaymentMethod,
  PaymentOptions,
  PaymentReceipt,
  PayRmaResult,
  PendingRmaPayment,
  ProcessOowInput,
  RmaSummary,
  SavedQuoteData,
  StoredRma,
  StoredUnit,
  Money,
  RepairFormSelectionsInput,
  RepairOption,
  RepairSelection,
  RmaAccessories,
  RmaAddress,
  RmaContact,
  RmaInput,
  RmaPackaging,
  RmaPermissions,
  Unit,
  UnitCardState,
  VerifySerialResult,
} from './repair/types';
export {
  AUTHNET_CONFIRM_PATH,
  AUTHNET_FORM_PATH,
  PAYPAL_CAPTURE_PATH,
  PAYPAL_ORDER_PATH,
  QUOTE_DETAILS_PATH,
  type PaymentsClient,
} from './payments/client';
export type {
  AuthnetForm,
  PayPalCapture,
  PayPalOrder,
  QuoteDetails,
  QuoteKind,
  QuotePaymentMethod,
  QuoteRef,
  QuoteStatus,
} from './payments/types';
export type { IdentityClient } from './identity/client';
export type { Me, ShippingAddress } from './identity/types';
export type { LocationsClient } from './locations/client';
export type { City, Country, State } from './locations/types';
export { MAX_FILES_PER_UPLOAD, type UploadsClient, type UploadProgressOptions } from './uploads/client';
export type { POFile, UploadedFile } from './uploads/types';
export type { ShippingClient } from './shipping/client';
export type { OfficeQuery, ShippingOffice } from './shipping/types';
export { RECYCLE_PATH, type RecycleClient } from './recycle/client';
export type { RecycleFixed, RecycleOverride, RecyclePackaging, RecyclePayload, RecycleResult, RecycleRmaInput, RecycleRmaType } from './recycle/types';
export {
  CONTACT_FORM_PATH,
  CREATE_SERVICE_SUPPORT_TICKET_MUTATION,
  MY_SERVICE_SUPPORT_TICKETS_QUERY,
  type SupportClient,
} from './support/client';
export type { ContactFormBody, ContactFormFault, ContactFormResult, SupportTicketSummary, TicketInput, TicketResult } from './support/types';
export {
  QUERY_COMMON_REPORT_QUERY,
  RMA_WARNING_REPORT_ID,
  bannerMessage,
  type CommonReportRow,
  type ReportsClient,
} from './reports/client';
export {
  ACCOUNT_USER_PATH,
  BRANCHES_PATH,
  DRIVERS_PATH,
  REGISTRATIONS_PATH,
  driverDownloadPath,
  type AccountManagerClient,
} from './accountManager/client';
export type {
  AccountAddress,
  AccountProfile,
  Branch,
  BranchContact,
  BranchInput,
  Branches,
  Driver,
  ModelDrivers,
  Registration,
  RegistrationInput,
  RegistrationWarranty,
  UserSettings,
} from './accountManager/types';
export {
  DASHBOARD_STREAM_PATH,
  DASHBOARD_SUMMARY_PATH,
  REPAIR_SUMMARY_PATH,
  PARTS_ORDER_BATCH_CONNECTION_QUERY,
  RMAS_CONNECTION_QUERY,
  RMA_DETAILS_PATH,
  RMA_HISTORY_PATH,
  SAVED_QUOTE_CONNECTION_QUERY,
  type AccountClient,
  type DashboardStreamOptions,
} from './account/client';
export type {
  AccountQuote,
  Connection,
  DashboardSummary,
  DiagnosisDecision,
  DiagnosisFinding,
  DiagnosisLineItem,
  DiagnosisPhoto,
  FindingCode,
  HistoryDownload,
  KeysetPage,
  MonthMoney,
  PageInfo,
  PartsOrderBatch,
  PartsOrderSearch,
  PartsOrderSort,
  PartsOrderSortField,
  QuoteConnectionKind,
  QuoteSearch,
  QuoteSort,
  QuoteSortField,
  RepairSummary,
  RepairWork,
  RmaDetails,
  RmaDiagnosis,
  RmaHistoryItem,
  RmaSearch,
  RmaSort,
  RmaSortField,
  RmaStatusEvent,
  RmaTimelineEvent,
  UnitBlock,
} from './account/types';
export {
  PARTS_AWAITING_PAYMENT_PATH,
  PARTS_CANCEL_PATH,
  PARTS_PAY_PATH,
  PARTS_ORDERS_PATH,
  PARTS_PATH,
  PARTS_PRICE_PATH,
  PARTS_PROCESS_PATH,
  VIDEO_SERIALS_PATH,
  type PartsClient,
} from './parts/client';
export type {
  CreatedPartsOrder,
  OrderLineInput,
  Part,
  PartAvailability,
  PartFit,
  PartsOrder,
  PartsOrderKind,
  PartsOrderLine,
  PartsOrderPayload,
  PartsOrderShipment,
  PartsOrderStatus,
  PartsPage,
  PartsPaymentData,
  PartsSearch,
  PriceProblem,
  PriceProblemCode,
  PriceResult,
  PricedLine,
  VideoUnit,
} from './parts/types';
export { INVENTORY_PATH, createInventoryClient, type InventoryClient } from './inventory/client';
export type {
  InventoryFilter,
  InventoryPage,
  InventorySearch,
  InventorySource,
  InventoryUnit,
  OpenRma,
  UnitOrder,
  UnitProfile,
  UnitRma,
  WarrantyState,
} from './inventory/types';
export { DEPOT_AUDIT_PATH, DEPOT_BACKLOG_PATH, DEPOT_FLAGS_PATH, DEPOT_PARTS_ORDERS_PATH, DEPOT_PHOTOS_PATH, DEPOT_QUEUE_PATH, DEPOT_TURNAROUND_PATH, depotDiagnosisPath, depotPhotoPath, depotReceivePath, depotRmaPath, depotRepairPath, depotReturnLabelPath, depotShipPartsOrderPath, depotShipPath, type DepotClient } from './depot/client';
export type { AuditEntry, AwaitingPartsOrder, BacklogStatus, DepotDiagnosis, DepotFindingCode, DepotFlag, DepotLineItemInput, DepotMove, DepotPage, DepotRma, DepotTimelineEvent, DiagnosedRma, DiagnosisInput, QueueItem, QueueQuery, ReceivedRma, ReceiveInput, RepairInput, ShipPartsOrderInput, ShippedPartsOrder, ShippedRma, TurnaroundReport, TurnaroundSpread, UploadedPhoto } from './depot/types';
export { batchProgressAnnouncement, type BatchProgressWords } from './batch/announce';
export { BATCHES_PATH, BATCH_PARSE_PATH, BATCH_PREFLIGHT_PATH, BATCH_TEMPLATE_PATH, batchPath, batchProgressOf, createBatchClient, type Batch, type BatchClient, type BatchListItem, type BatchPackaging, type BatchPackagingInput, type BatchPackagingKind, type BatchPage, type BatchPayMethod, type BatchPayment, type BatchPaymentState, type BatchProgress, type BatchQuoteStatus, type BatchReason, type BatchResult, type BatchRow, type BatchRowInput, type BatchRowStatus, type BatchStatus, type BatchSubmitMethod, type BatchSummary, type Entitlement, type ParsedBatchRow, type Preflight, type PreflightRow, type PreflightSummary, type SubmitBatchBody } from './batch/client';
