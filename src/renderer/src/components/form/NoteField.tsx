/**
 * A free-text note that goes with a confirmation (a decision's reason, an
 * MPO's orientation): its hint, or what is wrong with it when the person
 * tried to confirm without a valid one; typing clears the error.
 */
import { FormGroup, TextArea } from '@blueprintjs/core';

export interface NoteFieldProps {
  /** the textarea's id and test id */
  id: string;
  label: string;
  hint: string;
  /** shown instead of the hint while `invalid` */
  invalidText: string;
  invalid: boolean;
  value: string;
  rows: number;
  maxLength: number;
  disabled?: boolean;
  /** the new text; the caller clears its error here */
  onChange: (value: string) => void;
}

export function NoteField({ id, label, hint, invalidText, invalid, value, rows, maxLength, disabled, onChange }: NoteFieldProps) {
  const intent = invalid ? 'danger' : 'none';
  return (
    <FormGroup label={label} labelFor={id} helperText={invalid ? invalidText : hint} intent={intent}>
      <TextArea
        id={id}
        data-testid={id}
        fill
        rows={rows}
        maxLength={maxLength}
        value={value}
        disabled={disabled}
        intent={intent}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
    </FormGroup>
  );
}
