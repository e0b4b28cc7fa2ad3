/**
 * /app/situations/:form, /app/how-did-find/:form, /app/reasons/:form — 'new'
 * creates, an id edits. Activation and deletion ask first; a delete refused
 * because the item is in use offers deactivation.
 */
import { Button, Callout, Card, Spinner } from '@blueprintjs/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { z } from 'zod';
import type { CatalogueKind } from '../../../../shared/contract';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { usePageInfo } from '../../app/SystemState';
import { useToast } from '../../app/toaster';
import { SwitchField, TextField } from '../../components/fields';
import { FormError } from '../../components/FormError';
import { useServerErrors } from '../../components/useServerErrors';
import { parseFormParam } from '../users/formParam';
import { CATALOGUE_SCREENS } from './config';
import { useCatalogueActions } from './useCatalogueActions';

/** The form keeps the percentage as typed text; the contract's schema (coercing) checks it on the server too. */
const formSchema = z.object({
  label: z.string().trim().min(2, 'o rótulo deve ter ao menos 2 caracteres').max(120),
  percentage: z.string(),
  active: z.boolean(),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['label', 'percentage', 'active'] as const;

function percentageOf(text: string): number {
  return Number(text.replace(',', '.'));
}

export function CatalogueFormScreen({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const config = CATALOGUE_SCREENS[kind];
  const { ops, testId } = config;
  const target = parseFormParam(useParams().form);
  const editId = target.mode === 'edit' ? target.id : 0;
  const existing = useApiQuery(ops.byId, { id: editId }, { enabled: target.mode === 'edit' });
  usePageInfo(undefined, t(target.mode === 'create' ? `catalogues.${kind}.newTitle` : `catalogues.${kind}.editTitle`));

  const form = useForm<FormValues>({
    resolver: zodResolver(
      config.percentage
        ? formSchema.refine((v) => v.percentage.trim() !== '' && percentageOf(v.percentage) >= 0 && percentageOf(v.percentage) <= 100, {
            message: 'o percentual deve estar entre 0 e 100',
            path: ['percentage'],
          })
        : formSchema,
    ),
    defaultValues: { label: '', percentage: '', active: true },
  });
  const { formError, report, clear } = useServerErrors(form.setError, FIELDS);
  const { reset } = form;
  useEffect(() => {
    const item = existing.data as { label: string; active: boolean; percentage?: number } | undefined;
    if (item) reset({ label: item.label, active: item.active, percentage: item.percentage === undefined ? '' : String(item.percentage) });
  }, [existing.data, reset]);

  const invalidates = [ops.list, ops.byId, ops.listActives] as const;
  const create = useApiMutation(ops.create, { invalidates });
  const update = useApiMutation(ops.update, { invalidates });
  const setStatus = useApiMutation(ops.setStatus, { invalidates });
  const remove = useApiMutation(ops.delete, { invalidates });
  const actions = useCatalogueActions({
    setStatus: (id, active) => setStatus.mutateAsync({ id, active }),
    remove: (id) => remove.mutateAsync({ id }),
    afterDelete: () => navigate(config.base),
  });

  if (target.mode === 'invalid') return <Callout intent="danger" data-testid={`${testId}-form-invalid`}>{t('errors.notFound')}</Callout>;
  if (target.mode === 'edit' && existing.isLoading) return <Spinner />;
  if (target.mode === 'edit' && existing.error) {
    return (
      <Callout intent="danger" data-testid={`${testId}-form-load-error`}>
        {errorText(existing.error, t)}
      </Callout>
    );
  }
  const current = existing.data as { id: number; label: string; active: boolean } | undefined;

  const submit = form.handleSubmit(async (values) => {
    clear();
    const body = { label: values.label, active: values.active, ...(config.percentage ? { percentage: percentageOf(values.percentage) } : {}) };
    try {
      // The body matches the operation of this catalogue; the three differ only by percentage.
      if (target.mode === 'edit') await update.mutateAsync({ ...body, id: target.id } as Parameters<typeof update.mutateAsync>[0]);
      else await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      toast.success();
      navigate(config.base);
    } catch (e) {
      report(e);
      toast.failure();
    }
  });

  return (
    <div className="screen">
      <Card>
        <form onSubmit={(e) => void submit(e)} noValidate className="user-form">
          <TextField control={form.control} name="label" label={t('catalogues.columns.label')} testId={`${testId}-form-label`} autoFocus />
          {config.percentage && (
            <TextField control={form.control} name="percentage" label={`${t('catalogues.columns.percentage')} (${t('catalogues.percentageHint')})`} testId={`${testId}-form-percentage`} />
          )}
          <SwitchField control={form.control} name="active" label={t('catalogues.columns.active')} testId={`${testId}-form-active`} disabled={!!current} />
          <FormError message={formError} />
          <div className="form-actions">
            <Button onClick={() => navigate(config.base)}>{t('common.back')}</Button>
            {current && (
              <>
                <Button
                  icon={current.active ? 'disable' : 'confirm'}
                  intent={current.active ? 'danger' : 'success'}
                  data-testid={`${testId}-form-toggle`}
                  onClick={() => actions.askStatus(current)}
                >
                  {current.active ? t('catalogues.deactivate') : t('catalogues.activate')}
                </Button>
                <Button icon="trash" intent="danger" data-testid={`${testId}-form-delete`} onClick={() => actions.askDelete(current)}>
                  {t('common.delete')}
                </Button>
              </>
            )}
            <Button type="submit" intent="primary" icon="floppy-disk" loading={form.formState.isSubmitting} data-testid={`${testId}-form-save`}>
              {t('common.save')}
            </Button>
          </div>
        </form>
      </Card>
      {actions.dialog}
    </div>
  );
}
