/**
 * The company's issued contracts (?tab=issued): one list
 * declaration over company.contracts — number, kind, the operation (a link to
 * its analysis), borrower, when (the workstation's time zone, through the
 * shared formatters) and by whom it was issued, its status — with the
 * status / kind / borrower filters kept in the URL. Each row opens the
 * contract's text as issued, saves the PDF of a contract in force (CCB or
 * MPO by its kind, rendered by the server and written to disk by the main
 * process) and, for operators and administrators (the contract's roles),
 * cancels it behind a confirmation that names the contract and says the
 * operation goes back to approved. Cancelling is pessimistic: the dialog
 * waits for the server, the answer (the 409 of a contract already cancelled
 * or an operation already disbursed included) is shown, the list refreshed.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_KINDS } from '@shared/contract/company';
import { ISSUED_CONTRACT_STATUSES } from '@shared/enums';
import type { IssuedContract } from '@shared/contract/credit-operations';
import { formatDateTime } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { bridge } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { ListScreen } from '@kit/list/ListScreen';
import { COMPANY_ID } from '../../app/company';

const KIND_OPTIONS = CONTRACT_KINDS.map((kind) => ({ value: kind, label: kind, raw: true }));
/** What a cancellation changes: the list, the operation's contract history and the operation itself. */
const CANCEL_INVALIDATES = [
  'company.contracts',
  'company.contractsByOperation',
  'company.issuedContract',
  'creditOperation.get',
  'creditOperation.list',
] as const;

function pdfOperation(kind: IssuedContract['kind']) {
  return kind === 'MPO' ? ('creditOperation.mpo' as const) : ('creditOperation.ccb' as const);
}

/** The contract's text as issued, in a scrollable monospace block. */
function ContractTextDialog({ contract, onClose }: { contract: IssuedContract; onClose(): void }) {
  const { t } = useTranslation();
  const query = useApiQuery('company.issuedContract', { contractId: contract.id });
  // The server's answer is the freshest word on the contract; the row's until it arrives.
  const c = query.data ?? contract;
  return (
    <Dialog isOpen title={t('company.issued.textTitle', { number: contract.number, kind: contract.kind })} onClose={onClose} style={{ width: 860 }}>
      <DialogBody>
        <p className="bp6-text-muted" data-testid="issued-contract-meta">
          {t('company.issued.issuedLine', { at: formatDateTime(c.issued_at), by: c.issued_by_name ?? '—', operation: c.operation_number, borrower: c.borrower_name })}
          {c.cancelled_at && ` ${t('company.issued.cancelledLine', { at: formatDateTime(c.cancelled_at), by: c.cancelled_by_name ?? '—' })}`}
        </p>
        {query.error ? (
          <Callout intent="danger">{errorText(query.error, t)}</Callout>
        ) : query.data ? (
          // Focusable so the keyboard can scroll it (a long contract is taller than the dialog).
          <pre className="company-contract-text" tabIndex={0} aria-label={t('company.issued.textLabel')} data-testid="issued-contract-text">
            {query.data.body}
          </pre>
        ) : (
          <Spinner />
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <Button onClick={onClose} data-testid="issued-contract-text-close">
            {t('company.issued.close')}
          </Button>
        }
      />
    </Dialog>
  );
}

export function IssuedContractsPanel() {
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const cancel = useApiMutation('company.cancelContract', { invalidates: CANCEL_INVALIDATES });
  const [reading, setReading] = useState<IssuedContract | null>(null);
  const [cancelling, setCancelling] = useState<IssuedContract | null>(null);
  const [saving, setSaving] = useState<number | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  const download = async (contract: IssuedContract) => {
    if (saving !== null) return;
    setSaving(contract.id);
    setSaved(null);
    try {
      const result = await bridge().files.download(pdfOperation(contract.kind), { id: contract.credit_operation_id }, { fileName: contract.number });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setSaving(null);
    }
  };

  return (
    <div className="company-issued" data-testid="issued-contracts">
      <ListScreen
        testId="issued-contracts"
        emptyHint="emptyHints.issuedContracts"
        operation="company.contracts"
        pathArgs={{ id: COMPANY_ID }}
        header={
          <>
            <p className="bp6-text-muted company-intro">{t('company.issued.intro')}</p>
            {saved && (
              <Callout intent="success" icon="tick" data-testid="issued-contracts-pdf-saved" className="export-result">
                {t('company.issued.saved', { path: saved })}
              </Callout>
            )}
          </>
        }
        columns={[
          { id: 'number', title: 'company.issued.columns.number', width: 150, kind: 'identifier', field: 'number', testId: (r) => `issued-contracts-number-${r.id}` },
          { id: 'kind', title: 'company.issued.columns.kind', width: 55, kind: 'identifier', field: 'kind' },
          {
            id: 'operation',
            title: 'company.issued.columns.operation',
            width: 100,
            field: 'operation_number',
            link: (r) => `/app/clientOperation/analize/${r.credit_operation_id}`,
            testId: (r) => `issued-contracts-operation-${r.id}`,
          },
          { id: 'borrower', title: 'company.issued.columns.borrower', width: 190, field: 'borrower_name' },
          { id: 'issued_at', title: 'company.issued.columns.issuedAt', sort: 'issued_at', width: 130, kind: 'datetime', text: (r) => formatDateTime(r.issued_at) },
          { id: 'issued_by', title: 'company.issued.columns.issuedBy', width: 130, text: (r) => r.issued_by_name ?? '' },
          {
            id: 'status',
            title: 'company.issued.columns.status',
            width: 100,
            kind: 'status',
            field: 'status',
            labels: 'company.issued.statuses',
            intent: (s) => (s === 'issued' ? 'success' : 'danger'),
            testId: (r) => `issued-contracts-status-${r.id}`,
          },
        ]}
        filters={[
          { kind: 'status', key: 'status', label: 'company.issued.filters.status', statuses: ISSUED_CONTRACT_STATUSES, labels: 'company.issued.statuses' },
          { kind: 'select', key: 'kind', label: 'company.issued.filters.kind', options: KIND_OPTIONS },
          { kind: 'text', key: 'borrower', label: 'company.issued.filters.borrower' },
        ]}
        onRowClick={(r) => setReading(r)}
        rowActions={[
          { id: 'text', label: () => 'company.issued.viewText', icon: () => 'document-open', compact: true, onClick: (r) => setReading(r) },
          {
            id: 'pdf',
            label: () => 'company.issued.downloadPdf',
            icon: () => 'download',
            compact: true,
            shown: (r) => r.status === 'issued',
            onClick: (r) => void download(r),
          },
          {
            id: 'cancel',
            label: () => 'company.issued.cancel',
            icon: () => 'disable',
            intent: 'danger',
            compact: true,
            roles: AllOperators,
            shown: (r) => r.status === 'issued',
            onClick: (r) => setCancelling(r),
          },
        ]}
      >
        {reading && <ContractTextDialog contract={reading} onClose={() => setReading(null)} />}
        {cancelling && (
          <ConfirmDialog
            isOpen
            title={t('company.issued.cancelTitle', { number: cancelling.number })}
            intent="danger"
            confirmText={t('company.issued.cancel')}
            onClose={() => setCancelling(null)}
            onConfirm={async () => {
              try {
                const done = await cancel.mutateAsync({ contractId: cancelling.id });
                toast.success(t('company.issued.cancelled', { number: done.number, operation: done.operation_number }));
                // A PDF saved before is no longer of a contract in force.
                setSaved(null);
              } catch (e) {
                // The server's words (e.g. the 409 of an operation already disbursed); the list may have changed meanwhile.
                toast.failure(errorText(e, t));
                for (const op of CANCEL_INVALIDATES) await client.invalidateQueries({ queryKey: [op] });
              }
              setCancelling(null);
            }}
          >
            <p data-testid="issued-contracts-cancel-text">
              {t('company.issued.cancelText', {
                number: cancelling.number,
                kind: cancelling.kind,
                operation: cancelling.operation_number,
                borrower: cancelling.borrower_name,
              })}
            </p>
          </ConfirmDialog>
        )}
      </ListScreen>
    </div>
  );
}
