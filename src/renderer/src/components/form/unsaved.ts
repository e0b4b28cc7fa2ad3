/** When leaving a form must be confirmed (pure, so it is tested alone). */

export interface FormLeaveState {
  /** something differs from what was loaded or saved */
  dirty: boolean;
  /** a save succeeded (or is under way) and the screen is leaving because of it */
  saved: boolean;
  /** read-only views never hold edits */
  readOnly: boolean;
}

interface Place {
  pathname: string;
}

/** Ask before moving to another screen; staying on the same path (its search changing) is not leaving. */
export function shouldConfirmLeave(state: FormLeaveState, from: Place, to: Place): boolean {
  if (state.readOnly || state.saved || !state.dirty) return false;
  return from.pathname !== to.pathname;
}

/** The prompt's answer: leave (and discard) or stay with the edits kept. */
export type LeaveAnswer = 'leave' | 'stay';
export function afterLeaveAnswer(answer: LeaveAnswer): 'proceed' | 'reset' {
  return answer === 'leave' ? 'proceed' : 'reset';
}
