/**
 * @jest-environment node
 */
import { json, setupClient } from '../test/fakes';
import { bannerMessage, QUERY_COMMON_REPORT_QUERY, RMA_WARNING_REPORT_ID } from './client';

describe('reports client', () => {
  it('queries a common report by id and reads its rows', async () => {
    const rows = [{ message: 'Depot closed Friday', isWarning: true, isPaused: false }];
    const { api, call } = setupClient([json(200, { data: { queryCommonReport: rows } })]);

    await expect(api.reports.queryCommonReport(RMA_WARNING_REPORT_ID)).resolves.toEqual(rows);
    expect(call(0).body).toEqual({ query: QUERY_COMMON_REPORT_QUERY, variables: { reportId: 'QUERY_RMA_WARNING' } });
  });

  it('answers an empty list for a null report', async () => {
    const { api } = setupClient([json(200, { data: { queryCommonReport: null } })]);

    await expect(api.reports.queryCommonReport('X')).resolves.toEqual([]);
  });
});

describe('bannerMessage', () => {
  it('takes the first row with isWarning or isPaused', () => {
    expect(
      bannerMessage([
        { message: 'quiet', isWarning: false, isPaused: false },
        { message: 'paused', isWarning: false, isPaused: true },
        { message: 'warning', isWarning: true, isPaused: false },
      ]),
    ).toBe('paused');
  });

  it('is null when no row warns', () => {
    expect(bannerMessage([{ message: 'quiet', isWarning: false, isPaused: false }])).toBeNull();
    expect(bannerMessage([])).toBeNull();
  });
});
