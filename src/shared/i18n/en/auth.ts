/** Texts of the /auth screens (sign-in, two-factor, password change and recovery, registration). */
import type { auth as pt } from '../pt-BR/auth';
import type { Shape } from '../shape';

export const auth: Shape<typeof pt> = {
  login: {
    title: 'Sign in',
    subtitle: 'Access the panel with your e-mail and password.',
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    forgot: 'Forgot my password',
    register: 'Create account',
    passwordChanged: 'Password updated! Sign in with the new password.',
    from: 'Sign in to continue.',
  },
  twoFactors: {
    title: 'Two-step verification',
    text: 'We sent a 6-digit code to your e-mail. Type it below.',
    code: 'Code',
    submit: 'Verify',
    missing: 'The verification expired. Sign in again.',
  },
  change: {
    title: 'Password change required',
    text: 'Your password is temporary. Choose a new password to continue.',
    newPassword: 'New password',
    confirmPassword: 'Confirm the new password',
    submit: 'Save new password',
  },
  reset: {
    title: 'Recover password',
    text: 'Type your e-mail. We will send a code to create a new password.',
    email: 'E-mail',
    submit: 'Send code',
  },
  feedback: {
    title: 'Check your e-mail',
    text: 'If the e-mail is registered, a recovery code will arrive shortly. Type it below.',
    code: 'Recovery code',
    submit: 'Continue',
    invalid: 'Invalid or expired code.',
  },
  newPass: {
    title: 'New password',
    forEmail: 'Creating a new password for {{email}}.',
    password: 'New password',
    confirm: 'Confirm the new password',
    submit: 'Save password',
    missingCode: 'Recovery code missing. Request the recovery again.',
  },
  confirmEmail: {
    title: 'E-mail confirmation',
    working: 'Confirming your e-mail…',
    done: 'E-mail {{email}} confirmed.',
  },
  register: {
    title: 'Create account',
    text: 'Fill in your details. An administrator must activate the account before the first sign-in.',
    name: 'Name',
    email: 'E-mail',
    password: 'Password',
    submit: 'Create account',
    done: 'Account created for {{email}}. Confirm your e-mail with the link we sent; an administrator must activate the account before you can sign in.',
  },
  passwordsDiffer: 'The passwords do not match.',
  backToLogin: 'Back to sign-in',
};
