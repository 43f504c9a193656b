import type { GraphQLClient } from '../graphql';

export const QUERY_COMMON_REPORT_QUERY =
  'query QueryCommonReport($reportId: String!) { queryCommonReport(reportId: $reportId) { message isWarning isPaused } }';

/** The report whose rows feed the info banner (spec §7). */
export const RMA_WARNING_REPORT_ID = 'QUERY_RMA_WARNING';

export interface CommonReportRow {
  message: string;
  isWarning: boolean;
  isPaused: boolean;
}

export interface ReportsClient {
  /** The rows of a common report (public: no token needed). */
  queryCommonReport(reportId: string, options?: { signal?: AbortSignal }): Promise<CommonReportRow[]>;
}

/** Spec §7: the first row with isWarning or isPaused supplies the banner message. */
export function bannerMessage(rows: readonly CommonReportRow[]): string | null {
  const row = rows.find((r) => r.isWarning || r.isPaused);
  return row && row.message.trim() ? row.message : null;
}

export function createReportsClient(graphql: GraphQLClient): ReportsClient {
  return {
    async queryCommonReport(reportId, options) {
      const data = await graphql.query<{ queryCommonReport: CommonReportRow[] | null }>(QUERY_COMMON_REPORT_QUERY, { reportId }, options);
      return (data.queryCommonReport ?? []).map((r) => ({
        message: r.message ?? '',
        isWarning: r.isWarning === true,
        isPaused: r.isPaused === true,
      }));
    },
  };
}
