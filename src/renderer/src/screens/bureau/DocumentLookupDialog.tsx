/**
 * "Consultar outro documento": a billable lookup of a CPF or CNPJ that is not
 * the solicitation's (a partner, a guarantor) through POST /boavista, behind
 * the same confirmation as a new lookup: one idempotency key per opening, a
 * second click while it runs sends nothing.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BureauModel, BureauReport } from '@shared/contract';
import { isValidCnpj, isValidCpf, stripDocumentMask } from '@shared/documents';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { newIdempotencyKey } from '@kit/idempotencyKey';

function validDocument(text: string): boolean {
  const bare = stripDocumentMask(text);
  return bare.length === 11 ? isValidCpf(text) : bare.length === 14 && isValidCnpj(text);
}

export function DocumentLookupDialog({
  isOpen,
  models,
  onClose,
  onDone,
}: {
  isOpen: boolean;
  models: readonly BureauModel[];
  onClose(): void;
  onDone(report: BureauReport, replayed: boolean): void;
}) {
  const { t } = useTranslation();
  const lookup = useApiMutation('bureau.lookup', { invalidates: ['bureau.person'] });
  const [document, setDocument] = useState('');
  const [modelId, setModelId] = useState<number | null>(null);
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const active = models.filter((m) => m.active);
  const kind = stripDocumentMask(document).length === 14 ? 'PJ' : 'PF';
  const chosen = modelId ?? active.find((m) => m.label.includes(kind))?.id ?? active[0]?.id ?? null;

  const confirm = async () => {
    if (running.current) return;
    if (!validDocument(document)) {
      setError(t('bureau.invalidDocument'));
      return;
    }
    running.current = true;
    setError(null);
    try {
      const answer = await lookup.mutateAsync({ document, idempotency_key: key, ...(chosen ? { model_id: chosen } : {}) });
      onDone(answer.report, answer.replayed);
    } catch (e) {
      setError(isApiError(e) && e.status === 502 ? t('bureau.unavailable') : isApiError(e) && e.status === 504 ? t('bureau.timeout') : errorText(e, t));
    } finally {
      running.current = false;
    }
  };

  return (
    <Dialog
      isOpen={isOpen}
      title={t('bureau.otherTitle')}
      onOpening={() => {
        setKey(newIdempotencyKey());
        setDocument('');
        setModelId(null);
        setError(null);
      }}
      onClose={lookup.isPending ? undefined : onClose}
      canOutsideClickClose={!lookup.isPending}
    >
      <DialogBody>
        <Callout intent="warning" icon="dollar" data-testid="bureau-other-billable">
          {t('bureau.billable')}
        </Callout>
        <FormGroup label={t('bureau.otherDocument')} labelFor="bureau-other-document" helperText={t('bureau.otherHelp')} className="bureau-model">
          <InputGroup
            id="bureau-other-document"
            data-testid="bureau-other-document"
            value={document}
            disabled={lookup.isPending}
            autoComplete="off"
            onChange={(e) => setDocument(e.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup label={t('bureau.model')} labelFor="bureau-other-model">
          <HTMLSelect
            id="bureau-other-model"
            value={chosen ?? ''}
            disabled={lookup.isPending}
            onChange={(e) => setModelId(Number(e.currentTarget.value))}
            options={active.map((m) => ({ value: m.id, label: m.label }))}
          />
        </FormGroup>
        {error && (
          <Callout intent="danger" data-testid="bureau-other-error">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button disabled={lookup.isPending} onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button intent="primary" data-testid="bureau-other-confirm" loading={lookup.isPending} onClick={() => void confirm()}>
              {t('bureau.confirm')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
