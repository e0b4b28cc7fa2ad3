/**
 * The single-field shortcuts used by forms that are not whole screens (sign-in,
 * password change, profile). They draw the form kit's inputs, so every form
 * shows fields and their errors (`field-error-<name>`) the same way.
 */
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FieldInput, type SelectOption } from './form/FieldInput';

export { FieldError } from './form/FieldInput';

interface BaseProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  testId: string;
  disabled?: boolean;
}

export function TextField<T extends FieldValues, O = T>({
  type = 'text',
  autoComplete,
  autoFocus,
  ...base
}: BaseProps<T, O> & { type?: 'text' | 'email' | 'password'; autoComplete?: string; autoFocus?: boolean }) {
  const { control, testId, name, label, disabled } = base;
  return <FieldInput control={control} testId={testId} decl={{ name, label, disabled, type, autoComplete, autoFocus }} />;
}

export function SwitchField<T extends FieldValues, O = T>({ control, name, label, testId, disabled }: BaseProps<T, O>) {
  return <FieldInput control={control} testId={testId} decl={{ name, label, disabled, type: 'switch' }} />;
}

/** A select of numeric values (roles). */
export function NumberSelectField<T extends FieldValues, O = T>({
  control,
  name,
  label,
  testId,
  disabled,
  options,
}: BaseProps<T, O> & { options: readonly SelectOption[] }) {
  return <FieldInput control={control} testId={testId} decl={{ name, label, disabled, type: 'select', numeric: true, options }} />;
}
