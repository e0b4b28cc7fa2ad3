/** Texts of the form kit (see pt-BR/form.ts). */
import type { Shape } from '../shape';
import type { form as pt } from '../pt-BR/form';

export const form: Shape<typeof pt> = {
  labelled: '{{label}}: {{text}}',
  issues: {
    required: 'fill in this field.',
    tooShort: 'use at least {{min}} characters.',
    tooLong: 'use at most {{max}} characters.',
    numberMin: 'the minimum is {{min}}.',
    numberMax: 'the maximum is {{max}}.',
    numberAbove: 'must be greater than {{min}}.',
    numberBelow: 'must be less than {{max}}.',
    tooFew: 'choose at least {{min}}.',
    tooMany: 'choose at most {{max}}.',
    notNumber: 'enter a number.',
    notInteger: 'enter a whole number.',
    format: 'invalid format.',
    invalid: 'invalid value.',
  },
  rules: {
    email: 'enter a valid e-mail address.',
    passwordLettersDigits: 'the password must have letters and digits.',
    role: 'invalid role.',
    url: 'enter a valid http(s) address.',
    percentage: 'enter a number from 0 to 100 with at most 2 decimals (e.g. 12.5).',
    money: 'enter an amount in reais (e.g. 1,234.56).',
    date: 'enter a valid date.',
    passwordsDiffer: 'the passwords do not match.',
  },
  unsaved: {
    title: 'Unsaved changes',
    text: 'This form has unsaved changes. Leave anyway and discard them?',
    leave: 'Leave without saving',
    stay: 'Keep editing',
  },
  readOnly: 'Read only: your role may not change this record.',
  yes: 'Yes',
  no: 'No',
  choose: 'Select…',
  next: 'Next',
  previous: 'Previous',
  step: 'Step {{current}} of {{total}}',
  removePicture: 'Remove picture',
  noPicture: 'No picture.',
};
