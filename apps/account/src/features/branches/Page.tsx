import { useState } from 'react';
import { isApiError, type Branch } from '@portal/api-client';
import { useApi } from '@portal/auth';
import { formatPhone } from '@portal/forms';
import { Banner, Button, Card, ConfirmDialog, MutedText, PageTitle, Row, Stack, Table, LoadFailed, Loading } from '@portal/ui';
import { AccountNav } from '../../shared/AccountNav';
import { BranchDialog } from './components/BranchDialog';
import { COPY } from './copy';
import { useBranchList } from './hooks/useBranchList';
import { addressLine } from './model/branch';

type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; branch: Branch };

/**
 * Route your-account/branches (spec §2, §6): an organization's branches with their addresses and
 * contacts, which members add, edit and delete, and choose as the ship-from address in
 * create-rma. The host's guard sends users without an organization home; should one get here,
 * the API's 403 is explained.
 */
export function BranchesPage() {
  const api = useApi();
  const { list, reload } = useBranchList();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Branch | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function remove(branch: Branch) {
    setDeleting(null);
    setNotice(null);
    setFailure(null);
    try {
      await api.accountManager.deleteBranch(branch.id);
      setNotice(COPY.deleted(branch.name));
    } catch (error) {
      if (isApiError(error) && error.status === 403) setFailure(COPY.noOrganization);
      else setFailure(isApiError(error) && error.status !== 0 && error.message ? error.message : COPY.networkFailed);
    }
    reload();
  }

  return (
    <Stack $gap="lg">
      <AccountNav />
      <PageTitle>{COPY.title}</PageTitle>
      {list.status === 'loading' ? <Loading>{COPY.loading}</Loading> : null}
      {list.status === 'no-organization' ? <Banner variant="warning">{COPY.noOrganization}</Banner> : null}
      {list.status === 'failed' ? <LoadFailed message={COPY.loadFailed} onRetry={reload} retryLabel={COPY.retry} retryVariant="secondary" /> : null}
      {list.status === 'ready' ? (
        <>
          <MutedText>{COPY.intro(list.data.organization)}</MutedText>
          {notice ? <Banner variant="info">{notice}</Banner> : null}
          {failure ? <Banner variant="error">{failure}</Banner> : null}
          <Row>
            <Button
              onClick={() => {
                setNotice(null);
                setEditing({ kind: 'add' });
              }}
            >
              {COPY.add}
            </Button>
          </Row>
          <Card>
            {list.data.branches.length === 0 ? (
              <MutedText>{COPY.empty}</MutedText>
            ) : (
              <Table aria-label={`${list.data.organization} branches`}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Address</th>
                    <th scope="col">Contact</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.branches.map((branch) => (
                    <tr key={branch.id}>
                      <th scope="row">{branch.name}</th>
                      <td>{addressLine(branch.address)}</td>
                      <td>
                        <div>
                          {branch.contact.firstName} {branch.contact.lastName}
                        </div>
                        <div>{branch.contact.email}</div>
                        <div>{formatPhone(branch.contact.phone, branch.contact.phoneCountryCode)}</div>
                      </td>
                      <td>
                        <Row $gap="sm">
                          <Button
                            $variant="secondary"
                            aria-label={`Edit ${branch.name}`}
                            onClick={() => {
                              setNotice(null);
                              setEditing({ kind: 'edit', branch });
                            }}
                          >
                            Edit
                          </Button>
                          <Button $variant="secondary" aria-label={`Delete ${branch.name}`} onClick={() => setDeleting(branch)}>
                            Delete
                          </Button>
                        </Row>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Card>
        </>
      ) : null}
      {editing.kind !== 'none' ? (
        <BranchDialog
          branch={editing.kind === 'edit' ? editing.branch : null}
          onClose={() => setEditing({ kind: 'none' })}
          onSaved={(branch, created) => {
            setEditing({ kind: 'none' });
            setFailure(null);
            setNotice(created ? COPY.created(branch.name) : COPY.updated(branch.name));
            reload();
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title={COPY.deleteTitle(deleting.name)}
          confirmLabel={COPY.deleteConfirm}
          cancelLabel={COPY.cancel}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          {COPY.deleteBody}
        </ConfirmDialog>
      ) : null}
    </Stack>
  );
}
