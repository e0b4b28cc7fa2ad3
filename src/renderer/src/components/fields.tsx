/**
 * Form fields bound to react-hook-form. Every field shows its error (from the
 * contract's schema or the server's `field`) as `field-error-<name>`.
 */
import { FormGroup, HTMLSelect, InputGroup, Switch } from '@blueprintjs/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

interface BaseProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  testId: string;
  disabled?: boolean;
}

export function FieldError({ name, message }: { name: string; message?: string }) {
  if (!message) return null;
  return (
    <span className="field-error" data-testid={`field-error-${name}`}>
      {message}
    </span>
  );
}

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  testId,
  disabled,
  type = 'text',
  autoComplete,
  autoFocus,
}: BaseProps<T> & { type?: 'text' | 'email' | 'password'; autoComplete?: string; autoFocus?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup label={label} labelFor={testId} intent={fieldState.error ? 'danger' : 'none'}>
          <InputGroup
            id={testId}
            data-testid={testId}
            type={type}
            autoComplete={autoComplete}
            autoFocus={autoFocus}
            disabled={disabled}
            intent={fieldState.error ? 'danger' : 'none'}
            value={(field.value as string | undefined) ?? ''}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            name={field.name}
          />
          <FieldError name={field.name} message={fieldState.error?.message} />
        </FormGroup>
      )}
    />
  );
}

export function SwitchField<T extends FieldValues>({ control, name, label, testId, disabled }: BaseProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup>
          <Switch
            data-testid={testId}
            label={label}
            disabled={disabled}
            checked={!!field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            name={field.name}
          />
          <FieldError name={field.name} message={fieldState.error?.message} />
        </FormGroup>
      )}
    />
  );
}

/** A select of numeric values (roles). */
export function NumberSelectField<T extends FieldValues>({
  control,
  name,
  label,
  testId,
  disabled,
  options,
}: BaseProps<T> & { options: Array<{ value: number; label: string; disabled?: boolean }> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormGroup label={label} labelFor={testId} intent={fieldState.error ? 'danger' : 'none'}>
          <HTMLSelect
            id={testId}
            data-testid={testId}
            disabled={disabled}
            value={field.value == null ? '' : String(field.value)}
            onChange={(e) => field.onChange(Number(e.currentTarget.value))}
            options={options.map((o) => ({ value: String(o.value), label: o.label, disabled: o.disabled }))}
            name={field.name}
          />
          <FieldError name={field.name} message={fieldState.error?.message} />
        </FormGroup>
      )}
    />
  );
}
