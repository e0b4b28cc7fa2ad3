import { describe, expect, it } from 'vitest';
import { EMBEDDED_BACKEND_V8_FLAGS } from '../../../src/main/services/backend';
import { jsFlagsSwitch, MAIN_PROCESS_V8_FLAGS } from '../../../src/main/services/v8-flags';

// The young generation cap is what keeps an export of 100,000 rows under 250 MB (docs/performance.md, (k2)).
describe('V8 flags of the app processes', () => {
  it('the main process caps its young generation, and the embedded server gets the same cap beside Liftoff, sized at it from the start', () => {
    expect(MAIN_PROCESS_V8_FLAGS).toEqual(['--max-semi-space-size=8']);
    expect(EMBEDDED_BACKEND_V8_FLAGS).toEqual(['--liftoff-only', ...MAIN_PROCESS_V8_FLAGS, '--min-semi-space-size=8']);
    expect(jsFlagsSwitch(EMBEDDED_BACKEND_V8_FLAGS)).toBe('--js-flags=--liftoff-only --max-semi-space-size=8 --min-semi-space-size=8');
  });
});
