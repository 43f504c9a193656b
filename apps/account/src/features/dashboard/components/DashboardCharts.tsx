import { Bar, Doughnut, Line } from 'react-chartjs-2';
import styled, { useTheme } from 'styled-components';
import type { DashboardSummary } from '@portal/api-client';
import { currencyDigits, formatMoney, formatMonth } from '@portal/ui';
import { statusText } from '../../../shared/statusText';
import '../chartSetup';
import { ChartFigure } from './ChartFigure';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(${({ theme }) => theme.size.columnMin}, 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const days = (value: number) => `${value.toFixed(1)} days`;

/** The five charts of the dashboard, coloured from the portal theme. */
export function DashboardCharts({ summary }: { summary: DashboardSummary }) {
  const theme = useTheme();
  const palette = [
    theme.colors.brand,
    theme.colors.info.border,
    theme.colors.success.border,
    theme.colors.warning.border,
    theme.colors.error.border,
    theme.colors.borderStrong,
    theme.colors.brandStrong,
    theme.colors.focus,
  ];
  const options = { responsive: true, maintainAspectRatio: false, animation: false } as const;
  // The doughnut keeps its legend at the side so the ring gets the height of the card.
  const ringOptions = { ...options, plugins: { legend: { position: 'right' } } } as const;

  const byStatus = summary.rmasByStatus.filter((s) => s.count > 0);
  const months = summary.rmasByMonth;
  const turnaround = summary.turnaround.byMonth;
  const warranty = [
    { label: 'In warranty', value: summary.unitsByWarranty.inWarranty },
    { label: 'Out of warranty', value: summary.unitsByWarranty.outOfWarranty },
    { label: 'End of service', value: summary.unitsByWarranty.endOfService },
  ];
  const spend = summary.spend.byMonth;
  // The bars stand in major units; their axis and tooltips say them as the table beside does.
  const currency = summary.spend.total.currency;
  const minorPerMajor = 10 ** currencyDigits(currency);
  const spendMoney = (major: number | string) => formatMoney({ cents: Math.round(Number(major) * minorPerMajor), currency });

  return (
    <Grid>
      <ChartFigure
        title="RMAs by status"
        columns={['Status', 'RMAs']}
        rows={byStatus.map((s) => ({ label: statusText(s.status), values: [s.count] }))}
        empty="No RMAs yet."
      >
        {/* Bars rather than a ring: every status keeps its name on the axis, however many there are. */}
        <Bar
          role="img"
          aria-label="RMAs by status"
          options={{ ...options, indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } }, y: { ticks: { autoSkip: false } } } }}
          data={{
            labels: byStatus.map((s) => statusText(s.status)),
            datasets: [{ label: 'RMAs', data: byStatus.map((s) => s.count), backgroundColor: palette }],
          }}
        />
      </ChartFigure>
      <ChartFigure
        title="RMAs by month"
        columns={['Month', 'Repair', 'Recycle']}
        rows={months.map((m) => ({ label: formatMonth(m.month), values: [m.repair, m.recycle] }))}
        empty="No RMAs in the last 24 months."
      >
        <Bar
          role="img"
          aria-label="RMAs by month"
          options={{ ...options, scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { precision: 0 } } } }}
          data={{
            labels: months.map((m) => formatMonth(m.month)),
            datasets: [
              { label: 'Repair', data: months.map((m) => m.repair), backgroundColor: theme.colors.brand },
              { label: 'Recycle', data: months.map((m) => m.recycle), backgroundColor: theme.colors.success.border },
            ],
          }}
        />
      </ChartFigure>
      <ChartFigure
        title="Turnaround time"
        columns={['Month', 'Average']}
        rows={turnaround.map((m) => ({ label: formatMonth(m.month), values: [days(m.averageDays)] }))}
        empty="No RMA has been closed yet."
      >
        <Line
          role="img"
          aria-label="Turnaround time"
          options={{ ...options, scales: { y: { beginAtZero: true, title: { display: true, text: 'Days' } } } }}
          data={{
            labels: turnaround.map((m) => formatMonth(m.month)),
            datasets: [
              {
                label: 'Average days',
                data: turnaround.map((m) => m.averageDays),
                borderColor: theme.colors.brand,
                backgroundColor: theme.colors.brand,
              },
            ],
          }}
        />
      </ChartFigure>
      <ChartFigure
        title="Units by warranty state"
        columns={['Warranty', 'Units']}
        rows={warranty.some((w) => w.value > 0) ? warranty.map((w) => ({ label: w.label, values: [w.value] })) : []}
        empty="No units yet."
      >
        <Doughnut
          role="img"
          aria-label="Units by warranty state"
          options={ringOptions}
          data={{
            labels: warranty.map((w) => w.label),
            datasets: [
              {
                label: 'Units',
                data: warranty.map((w) => w.value),
                backgroundColor: [theme.colors.success.border, theme.colors.warning.border, theme.colors.error.border],
              },
            ],
          }}
        />
      </ChartFigure>
      <ChartFigure
        title="Spend by month"
        columns={['Month', 'Spend']}
        rows={summary.spend.total.cents > 0 ? spend.map((m) => ({ label: formatMonth(m.month), values: [formatMoney(m.amount)] })) : []}
        empty="Nothing spent in the last 24 months."
      >
        <Bar
          role="img"
          aria-label="Spend by month"
          options={{
            ...options,
            scales: { y: { beginAtZero: true, ticks: { callback: spendMoney } } },
            plugins: { tooltip: { callbacks: { label: (item) => `Spend: ${spendMoney(item.parsed.y ?? 0)}` } } },
          }}
          data={{
            labels: spend.map((m) => formatMonth(m.month)),
            datasets: [
              {
                label: `Spend (${currency})`,
                data: spend.map((m) => m.amount.cents / minorPerMajor),
                backgroundColor: theme.colors.info.border,
              },
            ],
          }}
        />
      </ChartFigure>
    </Grid>
  );
}
