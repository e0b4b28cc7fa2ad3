/**
 * One installment's boleto: "Baixar boleto" saves the server's PDF through the
 * main process (save dialog or the download folder, as the settings say) and
 * "Ver boleto" shows it in the app's PDF viewer (bytes from the main process,
 * never a file:// page). Both ask the same call: the server gives the same
 * slip (same nosso número) while the installment's amount and due date do not
 * change, so viewing and then saving never makes two titles. Shown only to the
 * roles the call admits (the contract's list). The carnê button and an
 * agreement installment's slip (renegotiation's AgreementInstallments) share
 * the pieces exported here.
 */
import { Button, ButtonGroup, Callout, Dialog, DialogBody, DialogFooter, Spinner } from '@blueprintjs/core';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { operation, type ArgsOf, type ExposedOperationName } from '@shared/contract';
import type { FilePreview } from '@shared/bridge';
import type { RoleId } from '@shared/roles';
import { RoleGate } from '@kit/RoleGate';
import { bridge } from '../../../api/client';
import { ApiError, errorText } from '../../../api/errors';
import { useToast } from '../../../app/toaster';
import { REGISTRATION_QUERIES, UnregisteredWarning } from './BoletoRegistration';

const PdfView = lazy(() => import('@kit/PdfView'));

type PdfCall = Extract<ExposedOperationName, 'boleto.slip' | 'boleto.carne' | 'boleto.agreementSlip'>;

/** The roles a call admits, from the contract (the one place they are written). */
export function rolesOf(name: PdfCall): readonly RoleId[] {
  const access = operation(name).access;
  return Array.isArray(access) ? access : [];
}

/** The PDF of a call, fetched when the dialog opens and shown in the viewer. */
export function PdfDialog<N extends PdfCall>({ name, args, title, notice, onClose }: { name: N; args: ArgsOf<N>; title: string; notice?: ReactNode; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [state, setState] = useState<{ file?: { data: Uint8Array }; error?: string }>({});
  const argsKey = JSON.stringify(args);
  useEffect(() => {
    let live = true;
    bridge()
      .files.preview(name, JSON.parse(argsKey) as ArgsOf<N>)
      .then((result) => {
        if (!live) return;
        // pdf.js takes the buffer over (it is transferred to its worker): a copy, made once.
        if (result.error) setState({ error: errorText(new ApiError(result), t) });
        else {
          // The call may have recorded a new slip: what is known of its registration is stale.
          for (const queryKey of REGISTRATION_QUERIES) void client.invalidateQueries({ queryKey: [...queryKey] });
          setState({ file: { data: (result.data as FilePreview).bytes.slice() } });
        }
      })
      .catch(() => live && setState({ error: t('common.failedTryAgain') }));
    return () => {
      live = false;
    };
  }, [name, argsKey, t, client]);
  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 820 }}>
      <DialogBody>
        {state.error ? (
          <Callout intent="danger" data-testid="boleto-view-error">
            {state.error}
          </Callout>
        ) : state.file ? (
          <>
            {notice}
            <Suspense fallback={<Spinner />}>
              <PdfView file={state.file} width={760} label={title} />
            </Suspense>
          </>
        ) : (
          <Spinner aria-label={t('boleto.loading')} />
        )}
      </DialogBody>
      <DialogFooter actions={<Button onClick={onClose}>{t('boleto.close')}</Button>} />
    </Dialog>
  );
}

/** Save and view buttons for one PDF call; the saved path is told in a toast. */
export function PdfButtons<N extends PdfCall>(props: {
  name: N;
  args: ArgsOf<N>;
  labels: { download: string; view: string; title: string };
  testId: string;
  small?: boolean;
  /** shown in the viewer and after a save, once the PDF came back (the boleto's registration warning) */
  notice?: ReactNode;
}) {
  const { name, args, labels, testId, small, notice } = props;
  const { t } = useTranslation();
  const toast = useToast();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [viewing, setViewing] = useState(false);
  const [saved, setSaved] = useState(false);

  const download = async () => {
    setSaving(true);
    try {
      // The server names the file ("boleto-OP-000123-005.pdf", "carne-OP-000123.pdf").
      const result = await bridge().files.download(name, args, {});
      if (result.error) toast.failure(errorText(new ApiError(result), t));
      // null: the person cancelled the save dialog.
      else if (result.data) {
        toast.success(t('boleto.saved', { path: result.data.path }));
        await Promise.all(REGISTRATION_QUERIES.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
        setSaved(true);
      }
    } catch {
      toast.failure();
    } finally {
      setSaving(false);
    }
  };

  return (
    <RoleGate roles={rolesOf(name)}>
      <ButtonGroup>
        <Button icon="download" small={small} loading={saving} data-testid={`${testId}-download`} onClick={() => void download()}>
          {labels.download}
        </Button>
        <Button icon="eye-open" small={small} data-testid={`${testId}-view`} onClick={() => setViewing(true)}>
          {labels.view}
        </Button>
      </ButtonGroup>
      {saved && notice}
      {viewing && <PdfDialog name={name} args={args} title={labels.title} notice={notice} onClose={() => setViewing(false)} />}
    </RoleGate>
  );
}

/** The boleto of one installment (its id). */
export function BoletoButton({ installmentId, small }: { installmentId: number; small?: boolean }) {
  const { t } = useTranslation();
  return (
    <PdfButtons
      name="boleto.slip"
      args={{ x: installmentId }}
      labels={{ download: t('boleto.download'), view: t('boleto.view'), title: t('boleto.viewTitle') }}
      testId={`boleto-${installmentId}`}
      small={small}
      notice={<UnregisteredWarning installmentId={installmentId} />}
    />
  );
}

export default BoletoButton;
