import type { HttpClient } from '../client';
import type { GraphQLClient } from '../graphql';
import type { SavedQuoteData } from '../repair/types';
import { subscribeEventStream, type SubscribeOptions } from './eventStream';
import type {
  AccountQuote,
  Connection,
  DashboardSummary,
  DiagnosisPhoto,
  HistoryDownload,
  KeysetPage,
  PartsOrderBatch,
  PartsOrderSearch,
  PartsOrderSort,
  QuoteSearch,
  QuoteSort,
  RepairSummary,
  RmaDetails,
  RmaHistoryItem,
  RmaSearch,
  RmaSort,
  RmaSortField,
  RmaStatusEvent,
} from './types';

type Options = { signal?: AbortSignal };

export const RMA_HISTORY_PATH = '/rma-manager/rma/history';
export const RMA_DETAILS_PATH = '/rma-manager/rma/details';
export const REPAIR_SUMMARY_PATH = '/rma-manager/rma/repair-summary';
export const DASHBOARD_SUMMARY_PATH = '/gss-dashboard/summary';
export const DASHBOARD_STREAM_PATH = '/gss-dashboard/stream-app';

const PAGE_INFO = 'pageInfo{hasNextPage hasPreviousPage startCursor endCursor}';

export const RMAS_CONNECTION_QUERY =
  'query RMAsConnection($search:RMASearch,$sort:RMASort,$first:Int,$after:String,$last:Int,$before:String){' +
  'RMAsConnection(search:$search,sort:$sort,first:$first,after:$after,last:$last,before:$before){' +
  `totalCount ${PAGE_INFO} edges{cursor node{uid rmaNumber rmaType status serial model problem customerReference assetTag openedBy mine batchId createdAt updatedAt}}}}`;

export const SAVED_QUOTE_CONNECTION_QUERY =
  'query SavedQuoteConnection($search:QuoteSearch,$sort:QuoteSort,$first:Int,$after:String,$last:Int,$before:String){' +
  'savedQuoteConnection(search:$search,sort:$sort,first:$first,after:$after,last:$last,before:$before){' +
  `totalCount ${PAGE_INFO} edges{cursor node{uid kind status serial model rmaNumber amount{cents currency} createdAt expiresAt mine payLink quoteData unitBlock}}}}`;

export const PARTS_ORDER_BATCH_CONNECTION_QUERY =
  'query PartsOrderBatchConnection($search:String,$statuses:[String!],$sort:PartsOrderSort,$first:Int,$after:String,$last:Int,$before:String){' +
  'partsOrderBatchConnection(search:$search,statuses:$statuses,sort:$sort,first:$first,after:$after,last:$last,before:$before){' +
  `totalCount ${PAGE_INFO} edges{cursor node{rmaBatchId kind status createdAt total{cents currency} paymentMethod customerPO itemCount mine orderedByName ` +
  'lines{partNumber description quantity unitPrice{cents currency} lineTotal{cents currency} model serials}}}}}';

/** The REST history's sortBy names of the GraphQL sort fields. */
const REST_SORT: Record<RmaSortField, string> = {
  CREATED_AT: 'createdAt',
  UPDATED_AT: 'updatedAt',
  RMA_NUMBER: 'rmaNumber',
  STATUS: 'status',
  SERIAL: 'serial',
  MODEL: 'model',
};

/** The spec §3 history filter for GET /rma-manager/rma/history; arrays go repeated, without index. */
export function historyQuery({ search, sort }: HistoryDownload, isDownload: boolean) {
  return {
    sortBy: [REST_SORT[sort.field]],
    sortDesc: [String(sort.desc)],
    filterText: search.text ?? '',
    year: search.years ?? [],
    month: search.months ?? [],
    isDownload,
  };
}

/** Variables of a connection query: empty filters and unused cursors are left out. */
function connectionVariables<S extends object, O>(search: S, sort: O, page: KeysetPage): Record<string, unknown> {
  const cleaned = Object.fromEntries(
    Object.entries(search).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '')),
  );
  const vars: Record<string, unknown> = { search: cleaned, sort };
  for (const [key, value] of Object.entries(page)) if (value !== undefined && value !== '') vars[key] = value;
  return vars;
}

interface RawQuote extends Omit<AccountQuote, 'quoteData'> {
  quoteData: string;
}

/** The connection sends the saved quote as a JSON string; a quote whose JSON is unreadable gets null. */
function parseQuoteData(text: string): SavedQuoteData | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as SavedQuoteData) : null;
  } catch {
    return null;
  }
}

export interface DashboardStreamOptions extends Pick<SubscribeOptions, 'onOpen' | 'onError' | 'sleep' | 'initialDelayMs' | 'maxDelayMs'> {
  signal: AbortSignal;
  onStatus: (event: RmaStatusEvent) => void;
}

/**
 * The account pages' reads: RMA history (connection, CSV), one RMA's details and repair summary,
 * saved and service quotes, the dashboard summary and its live stream. Every call is the signed-in
 * customer's: another's uid or RMA number answers 404 like one that does not exist.
 */
export interface AccountClient {
  /** One keyset page of the history table (GraphQL RMAsConnection). */
  rmasConnection(search: RmaSearch, sort: RmaSort, page: KeysetPage, options?: Options): Promise<Connection<RmaHistoryItem>>;
  /** Every RMA the filter matches as CSV (GET history with isDownload=true). */
  downloadHistoryCsv(filter: HistoryDownload, options?: Options): Promise<Blob>;
  details(uid: string, options?: Options): Promise<RmaDetails>;
  /**
   * A photo of a finding of the diagnosis by the url the details give it (the RMA's owner only;
   * anyone else 404), fetched with the bearer token, which an img cannot send.
   */
  diagnosisPhoto(photo: DiagnosisPhoto, options?: Options): Promise<Blob>;
  repairSummary(rmaNumber: string, options?: Options): Promise<RepairSummary>;
  /** The repair summary printed as a PDF (format=pdf). */
  repairSummaryPdf(rmaNumber: string, options?: Options): Promise<Blob>;
  /** Saved quotes and service quotes waiting for payment (GraphQL savedQuoteConnection). */
  quotesConnection(search: QuoteSearch, sort: QuoteSort, page: KeysetPage, options?: Options): Promise<Connection<AccountQuote>>;
  /** The caller's and their organization's parts orders (GraphQL partsOrderBatchConnection). */
  partsOrdersConnection(
    search: PartsOrderSearch,
    sort: PartsOrderSort,
    page: KeysetPage,
    options?: Options,
  ): Promise<Connection<PartsOrderBatch>>;
  dashboard(options?: Options): Promise<DashboardSummary>;
  /**
   * Follows GET /gss-dashboard/stream-app?id=<clientId> until the signal aborts: each `rma-status`
   * event goes to onStatus; a dropped stream reconnects (onOpen(true): refetch what was missed).
   */
  followDashboard(clientId: string, options: DashboardStreamOptions): Promise<void>;
}

export function createAccountClient(http: HttpClient, graphql: GraphQLClient): AccountClient {
  return {
    async rmasConnection(search, sort, page, options) {
      const data = await graphql.query<{ RMAsConnection: Connection<RmaHistoryItem> }>(
        RMAS_CONNECTION_QUERY,
        connectionVariables(search, sort, page),
        options,
      );
      return data.RMAsConnection;
    },
    downloadHistoryCsv: (filter, options) =>
      http.blob(RMA_HISTORY_PATH, { query: historyQuery(filter, true), signal: options?.signal }),
    async details(uid, options) {
      const details = await http.request<RmaDetails>('GET', RMA_DETAILS_PATH, { query: { uid }, signal: options?.signal });
      return { ...details, diagnosis: details.diagnosis ?? null };
    },
    diagnosisPhoto: (photo, options) => http.blob(photo.url, { signal: options?.signal }),
    async repairSummary(rmaNumber, options) {
      const summary = await http.request<RepairSummary>('GET', REPAIR_SUMMARY_PATH, { query: { rmaNumber }, signal: options?.signal });
      return { ...summary, work: summary.work ?? [] };
    },
    repairSummaryPdf: (rmaNumber, options) =>
      http.blob(REPAIR_SUMMARY_PATH, { query: { rmaNumber, format: 'pdf' }, signal: options?.signal }),
    async quotesConnection(search, sort, page, options) {
      const data = await graphql.query<{ savedQuoteConnection: Connection<RawQuote> }>(
        SAVED_QUOTE_CONNECTION_QUERY,
        connectionVariables(search, sort, page),
        options,
      );
      const connection = data.savedQuoteConnection;
      return {
        ...connection,
        edges: connection.edges.map(({ cursor, node }) => ({ cursor, node: { ...node, quoteData: parseQuoteData(node.quoteData) } })),
      };
    },
    async partsOrdersConnection(search, sort, page, options) {
      // The field takes the text and the statuses as arguments of their own; empty ones and
      // unused cursors are left out.
      const vars: Record<string, unknown> = { sort };
      const text = search.text?.trim();
      if (text) vars.search = text;
      if (search.statuses && search.statuses.length > 0) vars.statuses = search.statuses;
      for (const [key, value] of Object.entries(page)) if (value !== undefined && value !== '') vars[key] = value;
      const data = await graphql.query<{ partsOrderBatchConnection: Connection<PartsOrderBatch> }>(
        PARTS_ORDER_BATCH_CONNECTION_QUERY,
        vars,
        options,
      );
      return data.partsOrderBatchConnection;
    },
    dashboard: (options) => http.request<DashboardSummary>('GET', DASHBOARD_SUMMARY_PATH, { signal: options?.signal }),
    followDashboard(clientId, { onStatus, ...options }) {
      return subscribeEventStream(http, DASHBOARD_STREAM_PATH, {
        ...options,
        query: { id: clientId },
        onEvent(event) {
          if (event.event !== 'rma-status') return;
          try {
            onStatus(JSON.parse(event.data) as RmaStatusEvent);
          } catch (error) {
            options.onError?.(error, true);
          }
        },
      });
    },
  };
}
