/**
 * The contract templates (CCB and MPO), one editor at a time: title and body,
 * with the placeholders the server accepts (GET /company/contract/alias)
 * listed beside the body — a click puts one where the cursor is (or copies
 * it, for those who only read). The body is checked as typed by the
 * contract's rule (an unknown {{name}} is named on the field, as the server's
 * 400 would be). Each save makes a new version; contracts already issued
 * keep theirs. What the saved text lacks (for a CCB, the requisites of Lei
 * 10.931/2004 art. 29) is listed above the form: the save goes through, the
 * warnings stay until the text is complete.
 *
 * The same editor keeps the documents' templates (the agreement's confession
 * of debt, the payoff, discharge and annual letters): each kind with its own
 * placeholders (GET /company/contract/alias?kind), checked the same way; a
 * document issued keeps the text and version it was filled from.
 */
import { Button, Callout, Card, H2, HTMLSelect, Tag } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturn } from 'react-hook-form';
import { CONTRACT_KINDS, DOCUMENT_TEMPLATE_KINDS, isContractKind, templateFormSchema, type ContractTemplate, type TemplateKind } from '@shared/contract';
import { formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { useCanChangeCompany } from './access';
import { useReportUnsaved, useTabGuard } from './TabLeaveGuard';
import { COMPANY_ID } from '../../app/company';

const BODY_ID = 'company-template-body';
const TEMPLATE_INVALIDATES = ['company.contractTemplates'] as const;

type Values = { title: string; body: string };
type FormRef = { current: UseFormReturn<Values, unknown, unknown> | null };

/** What a placeholder is filled with, in the screen's language (a new one keeps the server's words). */
function useAliasDescription(kind: TemplateKind) {
  const { t } = useTranslation();
  return (alias: string, fallback: string) => {
    const key = alias.replace(/\./g, '_');
    return isContractKind(kind) ? t(`company.templates.aliases.${key}`, { defaultValue: fallback }) : t(`docTemplates.aliases.${kind}.${key}`, { defaultValue: fallback });
  };
}

function Placeholders({ kind, formRef, canEdit }: { kind: TemplateKind; formRef: FormRef; canEdit: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const describe = useAliasDescription(kind);
  const aliases = useApiQuery('company.contractAliases', { kind });
  const use = async (alias: string) => {
    const token = `{{${alias}}}`;
    const form = formRef.current;
    if (!canEdit || !form) {
      try {
        await navigator.clipboard.writeText(token);
        toast.success(t('company.templates.copied', { token }));
      } catch {
        toast.failure(t('company.templates.copyFailed'));
      }
      return;
    }
    const area = document.getElementById(BODY_ID) as HTMLTextAreaElement | null;
    const body = form.getValues('body') ?? '';
    const start = area?.selectionStart ?? body.length;
    const end = area?.selectionEnd ?? start;
    form.setValue('body', body.slice(0, start) + token + body.slice(end), { shouldDirty: true, shouldValidate: true });
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <aside className="company-aliases" aria-labelledby="company-aliases-title" data-testid="company-template-aliases">
      <H2 id="company-aliases-title" className="heading-as-h5">{t('company.templates.placeholders')}</H2>
      <p className="bp6-text-muted">{t(canEdit ? 'company.templates.placeholdersInsert' : 'company.templates.placeholdersCopy')}</p>
      {aliases.error && <Callout intent="danger">{errorText(aliases.error, t)}</Callout>}
      <ul>
        {(aliases.data ?? []).map((a) => {
          const description = describe(a.alias, a.description);
          return (
          <li key={a.alias}>
            <Button
              size="small"
              variant="minimal"
              icon={canEdit ? 'insert' : 'clipboard'}
              className="company-alias"
              data-testid={`company-alias-${a.alias}`}
              title={description}
              onClick={() => void use(a.alias)}
            >
              <code>{`{{${a.alias}}}`}</code>
            </Button>
            <span className="bp6-text-muted company-alias-description">{description}</span>
          </li>
          );
        })}
      </ul>
    </aside>
  );
}

/** What the saved text lacks, as the server judged it (for a CCB, the requisites of Lei 10.931/2004 art. 29). */
function TemplateWarnings({ kind, warnings }: { kind: TemplateKind; warnings: readonly string[] }) {
  const { t } = useTranslation();
  if (warnings.length === 0) return null;
  return (
    <Callout intent="warning" icon="warning-sign" title={t(kind === 'CCB' ? 'company.templates.warningsCcb' : 'company.templates.warnings')} data-testid="company-template-warnings">
      <p>{t('company.templates.warningsHint')}</p>
      <ul>
        {warnings.map((w) => (
          <li key={w}>{w}</li>
        ))}
      </ul>
    </Callout>
  );
}

function TemplateEditor({ kind, template, loading, error }: { kind: TemplateKind; template: ContractTemplate | undefined; loading: boolean; error: unknown }) {
  const { t } = useTranslation();
  const canEdit = useCanChangeCompany();
  const create = useApiMutation('company.createContractTemplate', { invalidates: TEMPLATE_INVALIDATES });
  const update = useApiMutation('company.updateContractTemplate', { invalidates: TEMPLATE_INVALIDATES });
  const formRef: FormRef = useRef(null);
  const screen = useFormScreen({
    testId: 'company-template',
    schema: templateFormSchema(kind),
    defaultValues: { title: '', body: '' },
    load: { data: template, isLoading: loading, error },
    toValues: (tpl: ContractTemplate) => ({ title: tpl.title, body: tpl.body }),
    readOnly: !canEdit,
    savedText: t('company.templates.saved'),
    sections: [
      { id: 'title', fields: [{ name: 'title', type: 'text', label: t('company.templates.title') }] },
      {
        id: 'body',
        fields: [{ name: 'body', type: 'textarea', rows: 22, label: t(isContractKind(kind) ? 'company.templates.body' : 'docTemplates.body'), testId: BODY_ID }],
        after: <Placeholders kind={kind} formRef={formRef} canEdit={canEdit} />,
      },
    ],
    save: (values) => (template ? update : create).mutateAsync({ ...values, id: COMPANY_ID, kind }),
  });
  useReportUnsaved(canEdit && screen.form.formState.isDirty);
  formRef.current = screen.form as unknown as UseFormReturn<Values, unknown, unknown>;
  const notice = template ? (
    <>
      <p className="bp6-text-muted" data-testid="company-template-version">
        <Tag minimal intent="primary">
          {t('company.templates.version', { version: template.version })}
        </Tag>{' '}
        {t('company.templates.updatedAt', { at: formatDateTime(template.updated_at) })}
      </p>
      {!isContractKind(kind) && (
        <p className="bp6-text-muted" data-testid="company-template-frozen-hint">
          {t('docTemplates.frozenHint')} {kind === 'confession' && t('docTemplates.confessionTitleHint')}
        </p>
      )}
      <TemplateWarnings kind={kind} warnings={template.warnings} />
    </>
  ) : (
    <Callout intent="warning" data-testid="company-template-missing">
      {t('company.templates.missing', { kind: kindLabel(t, kind) })}
    </Callout>
  );
  return <FormScreen screen={screen} notice={notice} />;
}

const kindLabel = (t: (key: string) => string, kind: TemplateKind) => (isContractKind(kind) ? t(`company.templates.kinds.${kind}`) : t(`docTemplates.kinds.${kind}`));

export function ContractTemplates() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TemplateKind>('CCB');
  const guard = useTabGuard();
  const query = useApiQuery('company.contractTemplates', { id: COMPANY_ID });
  const template = query.data?.find((tpl) => tpl.kind === kind);
  return (
    <div className="company-templates" data-testid="company-templates">
      <Card className="company-template-kinds" data-testid="company-template-kind">
        <span id="company-template-kind-label">{t('company.templates.kind')}</span>
        <HTMLSelect
          aria-labelledby="company-template-kind-label"
          data-testid="company-template-kind-select"
          value={kind}
          onChange={(e) => {
            const next = e.currentTarget.value as TemplateKind;
            guard(() => setKind(next));
          }}
        >
          {/* The contracts, then the documents issued from templates (the confession of debt and the letters). */}
          {(
            [
              ['contracts', CONTRACT_KINDS],
              ['documents', DOCUMENT_TEMPLATE_KINDS],
            ] as const
          ).map(([group, kinds]) => (
            <optgroup key={group} label={t(`docTemplates.groups.${group}`)}>
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {kindLabel(t, k)}
                </option>
              ))}
            </optgroup>
          ))}
        </HTMLSelect>
      </Card>
      {/* One editor per kind: switching starts from that kind's saved text. */}
      <TemplateEditor key={kind} kind={kind} template={template} loading={query.isLoading} error={query.error} />
    </div>
  );
}
