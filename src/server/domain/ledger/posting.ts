/**
 * A posting: lines on the chart's accounts (@shared/ledger) under one kind,
 * whose debits equal their credits. Any area that moves money builds its
 * postings as these declarations and hands them to the ledger area's
 * `post()`, which checks them again (assertBalanced) before writing and has
 * the database check them at the end of the statement (migration 0033).
 * Pure rules, no database: the servicing postings (domain/servicing/postings.ts)
 * and the tests build on them.
 */
import Decimal from 'decimal.js';
import { CHART_OF_ACCOUNTS, LEDGER_ACCOUNTS, type LedgerAccount, type LedgerSide, type PostingKind } from '@shared/ledger';

export interface JournalLine {
  account: LedgerAccount;
  side: LedgerSide;
  /** positive, whole cents */
  amount: Decimal;
}

export interface Posting {
  kind: PostingKind;
  lines: JournalLine[];
}

const ZERO = new Decimal(0);

export class UnbalancedPostingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedPostingError';
  }
}

/** Throws unless the lines are well formed (known accounts, positive whole cents) and debits equal credits. */
export function assertBalanced(lines: readonly JournalLine[]): void {
  if (lines.length < 2) throw new UnbalancedPostingError('a posting needs at least two lines');
  let debits = ZERO;
  let credits = ZERO;
  for (const line of lines) {
    if (!Object.hasOwn(CHART_OF_ACCOUNTS, line.account)) throw new UnbalancedPostingError(`unknown account ${String(line.account)}`);
    if (!(line.amount instanceof Decimal) || !line.amount.isFinite() || line.amount.lte(0) || line.amount.decimalPlaces() > 2) {
      throw new UnbalancedPostingError(`line on ${line.account} must be a positive amount in whole cents`);
    }
    if (line.side === 'debit') debits = debits.plus(line.amount);
    else if (line.side === 'credit') credits = credits.plus(line.amount);
    else throw new UnbalancedPostingError(`line on ${line.account} has no side`);
  }
  if (!debits.eq(credits)) throw new UnbalancedPostingError(`debits ${debits.toFixed(2)} differ from credits ${credits.toFixed(2)}`);
}

export function isBalanced(lines: readonly JournalLine[]): boolean {
  try {
    assertBalanced(lines);
    return true;
  } catch {
    return false;
  }
}

/** A posting from signed amounts (positive = debit, negative = credit); zero amounts are left out; throws unless balanced. */
export function signedPosting(kind: PostingKind, signed: readonly [LedgerAccount, Decimal][]): Posting {
  const lines: JournalLine[] = signed
    .filter(([, amount]) => !amount.isZero())
    .map(([account, amount]) => ({ account, side: amount.isNeg() ? 'credit' : 'debit', amount: amount.abs() }));
  assertBalanced(lines);
  return { kind, lines };
}

export interface TrialBalance {
  /** debit − credit per account (assets and expenses positive in the normal case) */
  balances: Record<LedgerAccount, Decimal>;
  debits: Decimal;
  credits: Decimal;
}

/** Balances per account of any set of lines; debits equal credits when every posting balanced. */
export function trialBalance(lines: readonly JournalLine[]): TrialBalance {
  const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((k) => [k, ZERO])) as Record<LedgerAccount, Decimal>;
  let debits = ZERO;
  let credits = ZERO;
  for (const l of lines) {
    if (l.side === 'debit') {
      balances[l.account] = balances[l.account].plus(l.amount);
      debits = debits.plus(l.amount);
    } else {
      balances[l.account] = balances[l.account].minus(l.amount);
      credits = credits.plus(l.amount);
    }
  }
  return { balances, debits, credits };
}
