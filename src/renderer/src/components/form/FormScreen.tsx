/**
 * The detail/form screen as a declaration: sections of typed fields over the
 * contract's zod schema. The kit owns what every form screen does the same
 * way: the load states (invalid address, loading, load error, offline copy),
 * the stepped or plain layout, validation messages in the user's language,
 * server errors on their field (or one toast when no field is to blame), the
 * question before leaving with unsaved changes, the read-only view, and the
 * Back / Save buttons (Save → success toast → back to the list).
 */
import { Button, Callout, Card, H2, Spinner } from '@blueprintjs/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { errorText, isApiError } from '../../api/errors';
import { FormError } from '../FormError';
import { useShortcuts } from '../../app/shortcuts';
import { useToast } from '../../app/toaster';
import { StaleBanner } from '../StaleBanner';
import { FieldInput, kebab, type FieldDecl } from './FieldInput';
import { useKitForm } from './useKitForm';
import { UnsavedChangesPrompt } from './UnsavedChangesPrompt';

export interface FormSection<T extends FieldValues> {
  id: string;
  title?: string;
  fields: readonly FieldDecl<T>[];
  /** anything the section shows after its fields (e.g. a read-only key with its buttons) */
  after?: ReactNode;
}

/** The state of the query that loads the edited record. */
export interface FormLoad<D> {
  data: D | undefined;
  isLoading: boolean;
  error: unknown;
  stale?: boolean;
  cachedAt?: string;
}

export interface FormScreenOptions<S extends z.ZodType<unknown, FieldValues>, D> {
  /** data-testid prefix: `<testId>-<field>`, `<testId>-save`, `<testId>-invalid`, … */
  testId: string;
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  sections: readonly FormSection<z.input<S>>[];
  /** the edited record (absent when creating) and how it becomes form values */
  load?: FormLoad<D>;
  toValues?: (data: D) => DefaultValues<z.input<S>>;
  /** the address does not name a record */
  invalid?: boolean;
  /** the signed-in role may look but not change */
  readOnly?: boolean;
  /** why it is read-only, when not the role (e.g. a change waits for approval); the role's sentence when absent */
  readOnlyText?: string;
  /** one step per section, with Previous / Next */
  stepped?: boolean;
  /**
   * where Back and a successful save go; without it the form is a settings
   * page of its own (no Back, a save stays on the page as the new baseline)
   */
  backTo?: string;
  save(values: z.output<S>): Promise<unknown>;
  savedText?: string;
}

function labelsOf<T extends FieldValues>(sections: readonly FormSection<T>[]): Record<string, string> {
  return Object.fromEntries(sections.flatMap((s) => s.fields.map((f) => [f.name, f.label])));
}

/** The form state and the screen's props; the screen may use `form` for its own actions (setValue, watch). */
export function useFormScreen<S extends z.ZodType<unknown, FieldValues>, D = unknown>(options: FormScreenOptions<S, D>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const kit = useKitForm({ schema: options.schema, defaultValues: options.defaultValues, labels: labelsOf(options.sections) });
  const { form } = kit;
  const [saved, setSaved] = useState(false);

  const data = options.load?.data;
  const toValues = useRef(options.toValues);
  toValues.current = options.toValues;
  const { reset } = form;
  useEffect(() => {
    if (data !== undefined && toValues.current) reset(toValues.current(data));
  }, [data, reset]);

  const submit = form.handleSubmit(async (values) => {
    kit.clear();
    try {
      setSaved(true);
      await options.save(values);
      toast.success(options.savedText);
      if (options.backTo) navigate(options.backTo);
      else {
        // What was saved is the new baseline (the reloaded record replaces it when it arrives).
        form.reset(form.getValues());
        setSaved(false);
      }
    } catch (e) {
      setSaved(false);
      // One message per error: on its field when the form has it; a lost connection stays beside Save
      // (it says the input was kept, and holds until the server is back); anything else is one toast.
      const placed = kit.report(e);
      if (!placed.field && !(isApiError(e) && e.code === 'network')) {
        kit.clear();
        toast.failure(placed.text);
      }
    }
  });

  return { ...kit, options, submit, saved, t, navigate };
}

export type FormScreenState<S extends z.ZodType<unknown, FieldValues>, D> = ReturnType<typeof useFormScreen<S, D>>;

export interface FormScreenProps<S extends z.ZodType<unknown, FieldValues>, D> {
  screen: FormScreenState<S, D>;
  /** shown above the fields (warnings about the record) */
  notice?: ReactNode;
  /** extra buttons between Back and Save (status, delete, …) */
  actions?: ReactNode;
  /** shown before the buttons (hints) */
  footer?: ReactNode;
  /** dialogs of the screen's own actions */
  children?: ReactNode;
}

/**
 * A page may hold two kit forms (company parameters and renegotiation
 * limits): Ctrl+S saves the one the focus is in, else the first on the page,
 * never both (the untouched one would answer "nothing changed").
 */
function saveIfChosen(form: HTMLFormElement | null): void {
  if (!form) return;
  const focused = document.activeElement?.closest('form.kit-form');
  const chosen = focused ?? document.querySelector('form.kit-form');
  if (chosen === form) form.requestSubmit();
}

export function FormScreen<S extends z.ZodType<unknown, FieldValues>, D>({ screen, notice, actions, footer, children }: FormScreenProps<S, D>) {
  const { form, options, submit, saved, t, navigate } = screen;
  const { testId, load, invalid, readOnly = false, stepped = false, sections, backTo } = options;
  const [step, setStep] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const ready = !invalid && !load?.isLoading && !load?.error;
  const onLastStep = !stepped || step >= sections.length - 1;
  // Save and cancel from the keyboard (app/shortcuts.ts); saving goes through the form, as the Save button does.
  useShortcuts({
    formSave: ready && !readOnly && onLastStep ? () => saveIfChosen(formRef.current) : undefined,
    formCancel: ready && backTo ? () => navigate(backTo) : undefined,
  });

  if (invalid) return <Callout intent="danger" data-testid={`${testId}-invalid`}>{t('errors.notFound')}</Callout>;
  if (load?.isLoading) return <Spinner />;
  if (load?.error) {
    return (
      <Callout intent="danger" data-testid={`${testId}-load-error`}>
        {errorText(load.error, t)}
      </Callout>
    );
  }

  const shown = stepped ? [sections[Math.min(step, sections.length - 1)]] : sections;
  const last = !stepped || step >= sections.length - 1;
  const next = async () => {
    const names = sections[step].fields.map((f) => f.name as Path<z.input<S>>);
    if (await form.trigger(names, { shouldFocus: true })) setStep(step + 1);
  };

  return (
    <div className="screen">
      <Card>
        <form
          ref={formRef}
          // Enter on an earlier step moves on (checking that step) instead of saving a half-seen form.
          onSubmit={(e) => {
            if (last) return void submit(e);
            e.preventDefault();
            void next();
          }}
          noValidate className="user-form kit-form" data-testid={testId}>
          {load?.stale && <StaleBanner at={load.cachedAt} testId={`${testId}-stale`} />}
          {readOnly && (
            <Callout intent="primary" icon="lock" data-testid={`${testId}-read-only`}>
              {options.readOnlyText ?? t('form.readOnly')}
            </Callout>
          )}
          {notice}
          {stepped && (
            <p className="bp6-text-muted" data-testid={`${testId}-step`}>
              {t('form.step', { current: step + 1, total: sections.length })}
              {sections[step].title ? ` — ${sections[step].title}` : ''}
            </p>
          )}
          {shown.map((section) => (
            <section key={section.id} className="kit-section" aria-label={section.title}>
              {/* Sections are the page's second level, under its one h1. */}
              {section.title && !stepped && <H2 className="kit-section-title">{section.title}</H2>}
              {section.fields.map((decl) => (
                <FieldInput
                  key={decl.name}
                  control={form.control}
                  decl={decl}
                  testId={decl.testId ?? `${testId}-${kebab(decl.name)}`}
                  readOnly={readOnly}
                />
              ))}
              {section.after}
            </section>
          ))}
          {footer}
          <FormError message={screen.formError} />
          <div className="form-actions">
            {backTo && (
              <Button onClick={() => navigate(backTo)} data-testid={`${testId}-back`}>
                {t('common.back')}
              </Button>
            )}
            {actions}
            {stepped && step > 0 && (
              <Button icon="arrow-left" onClick={() => setStep(step - 1)} data-testid={`${testId}-previous`}>
                {t('form.previous')}
              </Button>
            )}
            {!last && (
              <Button intent="primary" rightIcon="arrow-right" onClick={() => void next()} data-testid={`${testId}-next`}>
                {t('form.next')}
              </Button>
            )}
            {last && !readOnly && (
              <Button type="submit" intent="primary" icon="floppy-disk" loading={form.formState.isSubmitting} data-testid={`${testId}-save`}>
                {t('common.save')}
              </Button>
            )}
          </div>
        </form>
      </Card>
      <UnsavedChangesPrompt state={{ dirty: form.formState.isDirty, saved, readOnly }} />
      {children}
    </div>
  );
}
