/** The messages screen's view chosen by the URL, and list params written beside it. */
import { describe, expect, it } from 'vitest';
import { viewOf, withView } from '../../../src/renderer/src/screens/messages/view';

describe('messages view from the URL', () => {
  it('is the detail for a positive integer id, the history for view=history, compose otherwise', () => {
    expect(viewOf(new URLSearchParams('id=12&page=2'))).toEqual({ kind: 'detail', id: 12 });
    expect(viewOf(new URLSearchParams('view=history&channel=sms'))).toEqual({ kind: 'history' });
    for (const q of ['', 'id=0', 'id=-3', 'id=abc', 'id=1.5', 'view=other']) expect(viewOf(new URLSearchParams(q))).toEqual({ kind: 'compose' });
  });

  it('keeps the view when a table writes its paging, sort and filters', () => {
    expect(withView(new URLSearchParams('page=2&status=failed'), { kind: 'detail', id: 7 }).toString()).toBe('page=2&status=failed&id=7');
    expect(withView(new URLSearchParams('channel=sms'), { kind: 'history' }).toString()).toBe('channel=sms&view=history');
    expect(withView(new URLSearchParams('page=3'), { kind: 'compose' }).toString()).toBe('page=3');
  });
});
