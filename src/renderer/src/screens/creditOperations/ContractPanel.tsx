/**
 * The operation's contract: the one in force and every contract
 * issued for it; "Emitir CCB" (or, for microcredit, "Emitir MPO" with the
 * orientation given to the entrepreneur) behind a confirmation that states
 * the amounts, with one idempotency key per confirmation (a retry reuses it,
 * so a contract is never issued twice); the PDF rendered by the server,
 * saved to disk by the main process ("Baixar PDF") or shown inside the app
 * (the sandboxed PDF viewer, never a file:// page); "Cancelar contrato"
 * behind a confirmation. Issuing and cancelling are for operators and
 * administrators (the contract's roles).
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, H3, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { NoteField } from '@kit/form/NoteField';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreditOperation } from '@shared/contract/credit-operations';
import type { FilePreview } from '@shared/bridge';
import { formatCurrency, formatDateTime } from '@shared/format';
import { AllOperators } from '@shared/roles';
import { bridge } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { RoleGate } from '@kit/RoleGate';
import { newIdempotencyKey } from '@kit/idempotencyKey';
import { MoneyConfirmDialog } from '@kit/MoneyConfirmDialog';
import { useRefreshOperation } from './Decision';
import { amountRows, operationAmounts } from './model';

const PdfView = lazy(() => import('@kit/PdfView'));
const MIN_ORIENTATION = 10;

function pdfOperation(kind: 'CCB' | 'MPO') {
  return kind === 'MPO' ? ('creditOperation.mpo' as const) : ('creditOperation.ccb' as const);
}

function IssueDialog({ op, onClose }: { op: CreditOperation; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshOperation();
  const kind = op.contract_kind;
  const issueCcb = useApiMutation('creditOperation.issueCcb');
  const issueMpo = useApiMutation('creditOperation.issueMpo');
  const pending = issueCcb.isPending || issueMpo.isPending;
  // One key for this confirmation, drawn when it opened: retrying it never issues a second contract.
  const [key] = useState(() => newIdempotencyKey());
  const [message, setMessage] = useState('');
  const [messageError, setMessageError] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (kind === 'MPO' && message.trim().length < MIN_ORIENTATION) {
      setMessageError(true);
      return;
    }
    setFailure(null);
    try {
      const issued =
        kind === 'MPO'
          ? await issueMpo.mutateAsync({ id: op.id, message: message.trim(), idempotency_key: key })
          : await issueCcb.mutateAsync({ id: op.id, idempotency_key: key });
      toast.success(t('creditOperations.analysis.contract.issued', { number: issued.number }));
      await refresh();
      onClose();
    } catch (e) {
      setFailure(errorText(e, t));
    }
  };

  return (
    <MoneyConfirmDialog
      title={t('creditOperations.analysis.contract.issueTitle', { kind })}
      consequence={t('creditOperations.analysis.contract.issueText', { kind, number: op.number, borrower: op.borrower_name })}
      rows={amountRows(operationAmounts(op), t)}
      amountsTestId="contract-issue-amounts"
      confirmText={kind === 'MPO' ? t('creditOperations.analysis.contract.issueMpo') : t('creditOperations.analysis.contract.issueCcb')}
      confirmTestId="contract-issue-confirm"
      busy={pending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind === 'MPO' && (
        <NoteField
          id="contract-orientation"
          label={t('creditOperations.analysis.contract.orientation')}
          hint={t('creditOperations.analysis.contract.orientationHint')}
          invalidText={t('creditOperations.analysis.contract.orientationShort')}
          invalid={messageError}
          rows={4}
          maxLength={4000}
          value={message}
          disabled={pending}
          onChange={(text) => {
            setMessage(text);
            setMessageError(false);
          }}
        />
      )}
      {failure && (
        <Callout intent="danger" data-testid="contract-issue-error">
          <p>{failure}</p>
          <p className="bp6-text-muted">{t('creditOperations.building.retryHint')}</p>
        </Callout>
      )}
    </MoneyConfirmDialog>
  );
}

function PdfPreview({ op, onClose }: { op: CreditOperation; onClose(): void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ file?: { data: Uint8Array }; error?: string }>({});
  useEffect(() => {
    let live = true;
    bridge()
      .files.preview(pdfOperation(op.contract_kind), { id: op.id })
      .then((result) => {
        if (!live) return;
        // pdf.js takes the buffer over (it is transferred to its worker): a copy, made once.
        if (result.error) setState({ error: errorText(new ApiError(result), t) });
        else setState({ file: { data: (result.data as FilePreview).bytes.slice() } });
      })
      .catch(() => live && setState({ error: t('common.failedTryAgain') }));
    return () => {
      live = false;
    };
  }, [op.id, op.contract_kind, t]);
  return (
    <Dialog isOpen title={op.contract?.number ?? op.number} onClose={onClose} style={{ width: 820 }}>
      <DialogBody>
        {state.error ? (
          <Callout intent="danger">{state.error}</Callout>
        ) : state.file ? (
          <Suspense fallback={<Spinner />}>
            <PdfView file={state.file} width={760} />
          </Suspense>
        ) : (
          <Spinner />
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>{t('creditOperations.analysis.contract.close')}</Button>} />
    </Dialog>
  );
}

export function ContractPanel({ op }: { op: CreditOperation }) {
  const { t } = useTranslation();
  const toast = useToast();
  const refresh = useRefreshOperation();
  const history = useApiQuery('company.contractsByOperation', { id: op.id });
  const cancel = useApiMutation('company.cancelContract');
  const [issuing, setIssuing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [viewing, setViewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const contract = op.contract && op.contract.status === 'issued' ? op.contract : null;
  const amount = useMemo(() => formatCurrency(op.principal), [op.principal]);

  const download = async () => {
    if (!contract) return;
    setSaving(true);
    setSaved(null);
    try {
      const result = await bridge().files.download(pdfOperation(contract.kind), { id: op.id }, { fileName: contract.number });
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      else if (result.data) setSaved(result.data.path);
    } catch {
      toast.failure();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="analysis-contract">
      <H3 className="heading-as-h5">{t('creditOperations.analysis.contract.inForce')}</H3>
      {contract ? (
        <HTMLTable compact className="op-facts-table" data-testid="contract-in-force">
          <tbody>
            <tr>
              <th scope="row">{t('creditOperations.analysis.contract.number')}</th>
              <td data-testid="contract-number">{contract.number}</td>
            </tr>
            <tr>
              <th scope="row">{t('creditOperations.analysis.contract.kind')}</th>
              <td>{contract.kind}</td>
            </tr>
            <tr>
              <th scope="row">{t('creditOperations.analysis.contract.issuedAt')}</th>
              <td>{formatDateTime(contract.issued_at)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      ) : (
        <p className="bp6-text-muted" data-testid="contract-none">
          {t('creditOperations.analysis.contract.none')}
        </p>
      )}
      <div className="op-actions">
        {contract && (
          <>
            <Button icon="download" data-testid="contract-download" loading={saving} onClick={() => void download()}>
              {t('creditOperations.analysis.contract.download')}
            </Button>
            <Button icon="eye-open" data-testid="contract-view" onClick={() => setViewing(true)}>
              {t('creditOperations.analysis.contract.view')}
            </Button>
          </>
        )}
        <RoleGate roles={AllOperators}>
          {op.can_issue_contract && !contract && (
            <Button intent="primary" icon="document" data-testid="contract-issue" onClick={() => setIssuing(true)}>
              {op.contract_kind === 'MPO' ? t('creditOperations.analysis.contract.issueMpo') : t('creditOperations.analysis.contract.issueCcb')}
            </Button>
          )}
          {contract && op.status !== 'disbursed' && (
            <Button intent="danger" icon="disable" data-testid="contract-cancel" onClick={() => setCancelling(true)}>
              {t('creditOperations.analysis.contract.cancel')}
            </Button>
          )}
        </RoleGate>
      </div>
      {!contract && !op.can_issue_contract && <p className="bp6-text-muted">{t('creditOperations.analysis.contract.notIssuable')}</p>}
      <RoleGate roles={AllOperators} fallback={<p className="bp6-text-muted">{t('creditOperations.analysis.contract.onlyOperators')}</p>}>
        {null}
      </RoleGate>
      {saved && (
        <Callout intent="success" icon="tick" data-testid="contract-pdf-saved" className="export-result">
          {t('creditOperations.analysis.contract.saved', { path: saved })}
        </Callout>
      )}

      <H3 className="heading-as-h5 op-section-title">{t('creditOperations.analysis.contract.history')}</H3>
      {!history.data ? (
        history.error ? (
          <Callout intent="danger">{errorText(history.error, t)}</Callout>
        ) : (
          <Spinner size={20} />
        )
      ) : history.data.length === 0 ? (
        <p className="bp6-text-muted">{t('creditOperations.analysis.contract.historyNone')}</p>
      ) : (
        <HTMLTable compact striped data-testid="contract-history">
          <thead>
            <tr>
              <th scope="col">{t('creditOperations.analysis.contract.number')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.kind')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.status')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.issuedAt')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.issuedBy')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.cancelledAt')}</th>
              <th scope="col">{t('creditOperations.analysis.contract.cancelledBy')}</th>
            </tr>
          </thead>
          <tbody>
            {history.data.map((c) => (
              <tr key={c.id} data-testid={`contract-history-${c.id}`}>
                <td>{c.number}</td>
                <td>{c.kind}</td>
                <td>
                  <Tag minimal intent={c.status === 'issued' ? 'success' : 'danger'}>
                    {t(`creditOperations.analysis.contract.statuses.${c.status}`)}
                  </Tag>
                </td>
                <td>{formatDateTime(c.issued_at)}</td>
                <td>{c.issued_by_name ?? ''}</td>
                <td>{c.cancelled_at ? formatDateTime(c.cancelled_at) : ''}</td>
                <td>{c.cancelled_by_name ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}

      {issuing && <IssueDialog op={op} onClose={() => setIssuing(false)} />}
      {viewing && <PdfPreview op={op} onClose={() => setViewing(false)} />}
      {cancelling && contract && (
        <MoneyConfirmDialog
          title={t('creditOperations.analysis.contract.cancelTitle', { number: contract.number })}
          consequence={t('creditOperations.analysis.contract.cancelText', { number: contract.number, borrower: op.borrower_name, amount })}
          consequenceTestId="contract-cancel-text"
          rows={amountRows(operationAmounts(op), t)}
          amountsTestId="contract-cancel-amounts"
          intent="danger"
          confirmText={t('creditOperations.analysis.contract.cancel')}
          confirmTestId="confirm-dialog-confirm"
          onClose={() => setCancelling(false)}
          onConfirm={async () => {
            try {
              const done = await cancel.mutateAsync({ contractId: contract.id });
              toast.success(t('creditOperations.analysis.contract.cancelled', { number: done.number }));
              setSaved(null);
              await refresh();
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setCancelling(false);
          }}
        />
      )}
    </div>
  );
}
