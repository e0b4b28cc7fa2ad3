/**
 * One declared field bound to react-hook-form, drawn by its type. Every field
 * shows its error (from the schema or the server's `field`) as
 * `field-error-<name>`; read-only fields show the value and accept nothing.
 *
 * Values kept in the form, per type: text kinds, number and percentage as the
 * typed text (the schema reads them), money as the wire decimal string
 * ("1234.56", converted by text, never through a float), date as YYYY-MM-DD
 * (no time zone), select as the option's value, yes/no as a boolean and a
 * picture as the stored reference. Money and dates are typed the way the
 * app's language writes them (1.234,56 / 1,234.56; DD/MM/YYYY), never the
 * operating system's (a native date input follows the workstation's locale);
 * text that does not read as one stays as typed, so the schema refuses it and
 * the message says how to write it.
 */
import { Button, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup, Switch, TextArea } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Controller, type Control, type ControllerRenderProps, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CATALOGUE_OPERATIONS, CatalogueKind } from '@shared/contract';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { PictureUpload } from '../PictureUpload';
import type { UploadPayload } from '../uploadChecks';
import { amountTextToDecimal, dateTextToIso, decimalToAmountText, isoToDateText, maskDateTyping, textLocaleOf } from './localeText';
import { asTranslate, type FieldKind } from './messages';
import { kitFieldMessage } from './resolver';

export type FieldType = FieldKind;

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

/** A picture field: the upload answers the reference kept in the form and a preview to show. */
export interface PictureSpec {
  accept: readonly string[];
  maxBytes: number;
  upload(file: UploadPayload): Promise<{ value: string; preview: string }>;
  /** preview of the value as loaded (a data: URL), when there is one */
  saved?: string | null;
  /** data-testid prefix of the drop zone, file input and send button */
  uploadTestId?: string;
  /** said once the upload was accepted */
  uploadedText?: string;
}

export interface FieldDecl<T extends FieldValues> {
  name: Path<T>;
  type: FieldType;
  label: string;
  /** data-testid of the input; the form's prefix and the name by default */
  testId?: string;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  rows?: number;
  /** select: fixed options */
  options?: readonly SelectOption[];
  /** select: the active items of a catalogue */
  catalogue?: (typeof CATALOGUE_OPERATIONS)[CatalogueKind]['listActives'];
  /** select: value type of the options ('number' for ids) */
  numeric?: boolean;
  picture?: PictureSpec;
}

/**
 * Fields validate when left (mode onTouched), so a message appears while the
 * pointer is on its way to another control: the line it needs is kept free
 * (`reserve`), otherwise the page would shift under the pointer between
 * mouse-down and mouse-up and the click would be lost.
 */
const RESERVED_LINE = { minHeight: '1.5em' } as const;

export function FieldError({ name, message, reserve = false }: { name: string; message?: string; reserve?: boolean }) {
  if (!message) return reserve ? <span className="field-error" aria-hidden="true" style={RESERVED_LINE} /> : null;
  return (
    <span className="field-error" data-testid={`field-error-${name}`} role="alert" style={reserve ? RESERVED_LINE : undefined}>
      {message}
    </span>
  );
}

export function kebab(name: string): string {
  return name.replace(/_/g, '-').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

type Bound = ControllerRenderProps<FieldValues, string>;

interface InputProps {
  decl: FieldDecl<FieldValues>;
  field: Bound;
  id: string;
  invalid: boolean;
  readOnly: boolean;
}

const INPUT_MODES: Partial<Record<FieldType, 'decimal' | 'numeric'>> = { number: 'numeric', percentage: 'decimal', money: 'decimal', date: 'numeric' };

function TextInput({
  decl,
  field,
  id,
  invalid,
  readOnly,
  type = 'text',
  left,
  right,
  placeholder,
}: InputProps & { type?: string; left?: ReactNode; right?: ReactNode; placeholder?: string }) {
  return (
    <InputGroup
      id={id}
      data-testid={id}
      type={type}
      inputMode={INPUT_MODES[decl.type]}
      placeholder={placeholder}
      autoComplete={decl.autoComplete}
      autoFocus={decl.autoFocus && !readOnly}
      disabled={decl.disabled}
      readOnly={readOnly}
      intent={invalid ? 'danger' : 'none'}
      leftElement={left as never}
      rightElement={right as never}
      value={field.value == null ? '' : String(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      name={field.name}
    />
  );
}

/** Money: shown as the language writes amounts while typed, kept as the wire decimal string when it reads as an amount. */
function MoneyInput(props: InputProps) {
  const { field } = props;
  const locale = textLocaleOf(useTranslation().i18n.language);
  const [text, setText] = useState(() => decimalToAmountText(field.value as string, locale));
  const value = field.value as string | undefined;
  useEffect(() => {
    // A value set from outside (load, reset, another language) replaces the text unless it is what the text already means.
    setText((current) => (amountTextToDecimal(current, locale) === value || current === value ? current : decimalToAmountText(value, locale)));
  }, [value, locale]);
  const bound: Bound = {
    ...field,
    value: text,
    onChange: (typed: string) => {
      setText(typed);
      // Text that is not an amount stays as typed, so the schema refuses it.
      field.onChange(amountTextToDecimal(typed, locale) ?? typed);
    },
  };
  return <TextInput {...props} field={bound} left={<span className="field-affix">R$</span>} />;
}

/** A date: typed as DD/MM/YYYY (slashes put in while typing), kept as YYYY-MM-DD when it is a real day. */
function DateInput(props: InputProps) {
  const { field } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(() => isoToDateText(field.value as string));
  const value = field.value as string | undefined;
  useEffect(() => {
    setText((current) => (dateTextToIso(current) === value || current === value ? current : isoToDateText(value)));
  }, [value]);
  const bound: Bound = {
    ...field,
    value: text,
    onChange: (typed: string) => {
      const next = maskDateTyping(text, typed);
      setText(next);
      field.onChange(dateTextToIso(next) ?? next);
    },
    onBlur: () => {
      // "1/2/2026" or "2026-02-01" reads as a day: shown the one way, 01/02/2026.
      const iso = dateTextToIso(text);
      if (iso) setText(isoToDateText(iso));
      field.onBlur();
    },
  };
  return <TextInput {...props} field={bound} placeholder={t('form.datePlaceholder')} />;
}

function SelectInput({ decl, field, id, readOnly, options }: InputProps & { options: readonly SelectOption[] }) {
  const { t } = useTranslation();
  const all = [{ value: '', label: t('form.choose') }, ...options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))];
  return (
    <HTMLSelect
      id={id}
      data-testid={id}
      disabled={decl.disabled || readOnly}
      value={field.value == null ? '' : String(field.value)}
      onChange={(e) => {
        const v = e.currentTarget.value;
        field.onChange(v === '' ? null : decl.numeric ? Number(v) : v);
      }}
      onBlur={field.onBlur}
      options={field.value == null || field.value === '' ? all : all.slice(1)}
      name={field.name}
    />
  );
}

function CatalogueSelect(props: InputProps & { op: NonNullable<FieldDecl<FieldValues>['catalogue']> }) {
  const items = useApiQuery(props.op, {});
  const options = (items.data ?? []).map((i) => ({ value: i.id, label: i.label }));
  return <SelectInput {...props} decl={{ ...props.decl, numeric: true }} options={options} />;
}

function PictureInput({ decl, field, id, readOnly }: InputProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const spec = decl.picture;
  const [uploaded, setUploaded] = useState<{ value: string; preview: string } | null>(null);
  const value = field.value as string | undefined;
  const preview = !value ? null : uploaded?.value === value ? uploaded.preview : (spec?.saved ?? null);
  return (
    <>
      {preview ? (
        <img src={preview} alt={decl.label} className="upload-preview" data-testid={`${id}-preview`} />
      ) : (
        <p className="bp6-text-muted" data-testid={`${id}-empty`}>
          {t('form.noPicture')}
        </p>
      )}
      {value && !readOnly && (
        <Button size="small" icon="cross" data-testid={`${id}-remove`} onClick={() => field.onChange('')}>
          {t('form.removePicture')}
        </Button>
      )}
      {spec && !readOnly && (
        <PictureUpload
          accept={spec.accept}
          maxBytes={spec.maxBytes}
          testId={spec.uploadTestId ?? id}
          onUpload={async (file) => {
            try {
              const answer = await spec.upload(file);
              setUploaded(answer);
              field.onChange(answer.value);
              if (spec.uploadedText) toast.success(spec.uploadedText);
            } catch (e) {
              toast.failure(errorText(e, t));
            }
          }}
        />
      )}
    </>
  );
}

function Input(props: InputProps) {
  const { t } = useTranslation();
  const { decl, field, id, readOnly } = props;
  switch (decl.type) {
    case 'email':
    case 'password':
      return <TextInput {...props} type={decl.type} />;
    case 'date':
      return <DateInput {...props} />;
    case 'percentage':
      return <TextInput {...props} right={<span className="field-affix">%</span>} />;
    case 'money':
      return <MoneyInput {...props} />;
    case 'textarea':
      return (
        <TextArea
          id={id}
          data-testid={id}
          fill
          rows={decl.rows ?? 4}
          disabled={decl.disabled}
          readOnly={readOnly}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.currentTarget.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          name={field.name}
        />
      );
    case 'select':
      return decl.catalogue ? <CatalogueSelect {...props} op={decl.catalogue} /> : <SelectInput {...props} options={decl.options ?? []} />;
    case 'switch':
      return (
        <Switch
          id={id}
          data-testid={id}
          label={decl.label}
          disabled={decl.disabled || readOnly}
          checked={!!field.value}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          name={field.name}
        />
      );
    case 'yesno':
      return (
        <RadioGroup
          inline
          name={field.name}
          disabled={decl.disabled || readOnly}
          selectedValue={field.value === true ? 'yes' : field.value === false ? 'no' : undefined}
          onChange={(e) => field.onChange(e.currentTarget.value === 'yes')}
        >
          <Radio value="yes" label={t('form.yes')} data-testid={`${id}-yes`} />
          <Radio value="no" label={t('form.no')} data-testid={`${id}-no`} />
        </RadioGroup>
      );
    case 'picture':
      return <PictureInput {...props} />;
    default:
      return <TextInput {...props} />;
  }
}

export function FieldInput<T extends FieldValues, O = T>({
  control,
  decl,
  testId,
  readOnly = false,
}: {
  // O: the form's transformed values; the input only reads and writes raw ones.
  control: Control<T, unknown, O>;
  decl: FieldDecl<T>;
  testId: string;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Controller
      // The kit's inputs work on any form: the value types are checked by the form's schema.
      control={control as unknown as Control<FieldValues>}
      name={decl.name}
      render={({ field, fieldState }) => {
        const invalid = !!fieldState.error;
        const message = kitFieldMessage(fieldState.error, asTranslate(t), { kind: decl.type, language: i18n.language });
        const labelled = decl.type !== 'switch';
        // Only a single input carries the field's id; a picture or yes/no group is named by its own controls.
        const single = labelled && decl.type !== 'picture' && decl.type !== 'yesno';
        return (
          <FormGroup
            label={labelled ? decl.label : undefined}
            labelFor={single ? testId : undefined}
            helperText={decl.hint}
            intent={invalid ? 'danger' : 'none'}
            className={`kit-field kit-field-${decl.type}`}
            // The reserved error line already spaces the fields.
            style={decl.type === 'switch' ? undefined : { marginBottom: 6 }}
          >
            <Input decl={decl as unknown as FieldDecl<FieldValues>} field={field} id={testId} invalid={invalid} readOnly={readOnly} />
            <FieldError name={field.name} message={message} reserve={decl.type !== 'switch'} />
          </FormGroup>
        );
      }}
    />
  );
}
