import { useState } from 'react';
import styled from 'styled-components';
import type { Driver } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { useTimedMessage } from '@portal/forms/units';
import { Banner, Button, FactList, Row, Spinner, Stack, saveBlob, formatDate } from '@portal/ui';
import { COPY } from '../copy';
import { formatSize } from '../model/format';

const Item = styled.li`
  padding: ${({ theme }) => `${theme.space.md} 0`};
  border-top: ${({ theme }) => `${theme.size.borderWidth} solid ${theme.colors.border}`};
`;

const Name = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
`;

const Checksum = styled.code`
  font-family: ${({ theme }) => theme.font.mono};
  font-size: ${({ theme }) => theme.font.size.sm};
  overflow-wrap: anywhere;
`;

const Notes = styled.details`
  summary {
    cursor: pointer;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  p {
    white-space: pre-line;
    margin: ${({ theme }) => `${theme.space.sm} 0 0`};
  }
`;

/** How long the copy result stays. */
const COPY_STATUS_MS = 4_000;

/**
 * One driver: its facts, release notes (expandable), its SHA-256 with a copy button, and
 * Download, which fetches the file with the bearer token and saves it under its file name.
 */
export function DriverItem({ driver }: { driver: Driver }) {
  const api = useApi();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [copyStatus, showCopyStatus] = useTimedMessage(COPY_STATUS_MS);
  const headingId = `driver-${driver.id}`;

  async function download() {
    if (downloading) return;
    setDownloading(true);
    setFailure(null);
    try {
      const blob = await api.accountManager.downloadDriver(driver.id);
      saveBlob(blob, driver.fileName);
    } catch (error) {
      console.error('Downloading a driver failed', error);
      setFailure(COPY.downloadFailed(driver.fileName));
    } finally {
      setDownloading(false);
    }
  }

  async function copyChecksum() {
    try {
      await navigator.clipboard.writeText(driver.sha256);
      showCopyStatus(COPY.copied);
    } catch {
      showCopyStatus(COPY.copyFailed);
    }
  }

  return (
    <Item aria-labelledby={headingId}>
      <Stack $gap="sm">
        <Name id={headingId}>
          {driver.name} {driver.version}
        </Name>
        <FactList>
          <dt>Category</dt>
          <dd>{driver.category}</dd>
          <dt>Operating system</dt>
          <dd>{driver.os}</dd>
          <dt>Version</dt>
          <dd>{driver.version}</dd>
          <dt>Released</dt>
          <dd>{formatDate(driver.releaseDate) || driver.releaseDate}</dd>
          <dt>File</dt>
          <dd>
            {driver.fileName} ({formatSize(driver.size)})
          </dd>
          <dt>SHA-256</dt>
          <dd>
            <Row $gap="sm">
              <Checksum>{driver.sha256}</Checksum>
              <Button $variant="secondary" aria-label={`Copy the SHA-256 checksum of ${driver.name}`} onClick={() => void copyChecksum()}>
                {COPY.copy}
              </Button>
              <span role="status">{copyStatus}</span>
            </Row>
          </dd>
        </FactList>
        {driver.releaseNotes ? (
          <Notes>
            <summary>{COPY.releaseNotes}</summary>
            <p>{driver.releaseNotes}</p>
          </Notes>
        ) : null}
        <Row>
          <Button aria-label={`Download ${driver.name} ${driver.version}`} aria-disabled={downloading ? true : undefined} onClick={() => void download()}>
            {downloading ? <Spinner /> : null}
            {downloading ? COPY.downloading : COPY.download}
          </Button>
        </Row>
        {failure ? <Banner variant="error">{failure}</Banner> : null}
      </Stack>
    </Item>
  );
}
