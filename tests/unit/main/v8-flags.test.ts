import { describe, expect, it } from 'vitest';
import { EMBEDDED_BACKEND_V8_FLAGS } from '../../../src/main/services/backend';
import { argsWithV8Flags, jsFlagsSwitch, MAIN_PROCESS_V8_FLAGS, missingV8Flags } from '../../../src/main/services/v8-flags';

// The young generation cap is what keeps an export of 100,000 rows under 250 MB (docs/performance.md, (k2)).
describe('V8 flags of the app processes', () => {
  it('the main process caps its young generation, and the embedded server gets the same cap beside Liftoff', () => {
    expect(MAIN_PROCESS_V8_FLAGS).toEqual(['--max-semi-space-size=8']);
    expect(EMBEDDED_BACKEND_V8_FLAGS).toEqual(['--liftoff-only', ...MAIN_PROCESS_V8_FLAGS]);
    expect(jsFlagsSwitch(EMBEDDED_BACKEND_V8_FLAGS)).toBe('--js-flags=--liftoff-only --max-semi-space-size=8');
  });

  it('a launch is complete only when its --js-flags carries every flag', () => {
    expect(missingV8Flags(undefined)).toEqual(['--max-semi-space-size=8']);
    expect(missingV8Flags('--expose-gc')).toEqual(['--max-semi-space-size=8']);
    expect(missingV8Flags('--expose-gc  --max-semi-space-size=8')).toEqual([]);
  });

  it('the relaunch keeps the original arguments and merges into an existing --js-flags (Chromium reads the last one)', () => {
    expect(argsWithV8Flags(['--lang=pt-BR'])).toEqual(['--lang=pt-BR', '--js-flags=--max-semi-space-size=8']);
    expect(argsWithV8Flags(['--js-flags=--expose-gc', 'file.rem'])).toEqual(['--js-flags=--expose-gc --max-semi-space-size=8', 'file.rem']);
    expect(argsWithV8Flags(['--js-flags=--max-semi-space-size=8'])).toEqual(['--js-flags=--max-semi-space-size=8']);
  });
});
