/**
 * /app/situations/:form, /app/how-did-find/:form, /app/reasons/:form — 'new'
 * creates, an id edits. Activation and deletion ask first; a delete refused
 * because the item is in use offers deactivation.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { contract, type CatalogueKind } from '@shared/contract';
import { percentageInputText } from '@shared/format';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { usePageInfo } from '../../app/SystemState';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import type { FieldDecl } from '@kit/form/FieldInput';
import { RecordActions } from '@kit/form/RecordActions';
import { parseFormParam } from '../users/formParam';
import { CATALOGUE_SCREENS } from './config';
import { useCatalogueActions } from './useCatalogueActions';

/** The three catalogues' inputs seen together: situations add the percentage (typed text in the form). */
interface Input {
  label: string;
  active?: boolean;
  percentage?: string | number;
}
interface Values {
  label: string;
  active: boolean;
  percentage?: number;
}
interface Item {
  id: number;
  label: string;
  active: boolean;
  percentage?: number;
}

export function CatalogueFormScreen({ kind }: { kind: CatalogueKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = CATALOGUE_SCREENS[kind];
  const { ops, testId } = config;
  const target = parseFormParam(useParams().form);
  const editId = target.mode === 'edit' ? target.id : 0;
  const existing = useApiQuery(ops.byId, { id: editId }, { enabled: target.mode === 'edit' });
  usePageInfo(undefined, t(target.mode === 'create' ? `catalogues.${kind}.newTitle` : `catalogues.${kind}.editTitle`));

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
  const current = existing.data as Item | undefined;

  const fields: FieldDecl<Input>[] = [
    { name: 'label', type: 'text', label: t('catalogues.columns.label'), autoFocus: true },
    ...(config.percentage ? [{ name: 'percentage', type: 'percentage', label: t('catalogues.columns.percentage'), hint: t('catalogues.percentageHint') } as const] : []),
    // Status changes go through the confirmed action, as in the list.
    { name: 'active', type: 'switch', label: t('catalogues.columns.active'), disabled: !!current },
  ];

  const screen = useFormScreen({
    testId: `${testId}-form`,
    // The contract's input of this catalogue; the three differ only by the percentage declared above.
    schema: contract[ops.create].args as unknown as z.ZodType<Values, Input>,
    defaultValues: { label: '', active: true, ...(config.percentage ? { percentage: '' } : {}) },
    load: target.mode === 'edit' ? { ...existing, data: current } : undefined,
    toValues: (item: Item) => ({ label: item.label, active: item.active, ...(config.percentage ? { percentage: percentageInputText(item.percentage) } : {}) }),
    invalid: target.mode === 'invalid',
    backTo: config.base,
    sections: [{ id: 'item', fields }],
    save: (values) =>
      // The body matches this catalogue's operation (checked by the schema above).
      target.mode === 'edit'
        ? update.mutateAsync({ ...values, id: target.id } as Parameters<typeof update.mutateAsync>[0])
        : create.mutateAsync(values as Parameters<typeof create.mutateAsync>[0]),
  });

  return (
    <FormScreen
      screen={screen}
      actions={current && <RecordActions testId={`${testId}-form`} active={current.active} onToggle={() => actions.askStatus(current)} onDelete={() => actions.askDelete(current)} />}
    >
      {actions.dialog}
    </FormScreen>
  );
}
