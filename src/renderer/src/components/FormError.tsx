import { Callout } from '@blueprintjs/core';

/** The error of a whole form (no single field to blame), e.g. the server cannot be reached. */
export function FormError({ message, testId = 'form-error' }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Callout intent="danger" icon="error" data-testid={testId} className="form-error">
      {message}
    </Callout>
  );
}
