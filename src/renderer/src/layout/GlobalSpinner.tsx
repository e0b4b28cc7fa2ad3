import { Spinner } from '@blueprintjs/core';
import { useSystem } from '../app/SystemState';

/** The global spinner of the spec's states and transitions: on at start, off once the app has booted. */
export function GlobalSpinner() {
  const { state } = useSystem();
  if (!state.loading) return null;
  return (
    <div className="global-spinner" data-testid="global-spinner" aria-busy="true">
      <Spinner size={50} />
      {state.message && <p>{state.message}</p>}
    </div>
  );
}
