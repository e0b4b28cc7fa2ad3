/** Drizzle view of the prepayments table of migration 0017 (the SQL there is the source of truth, with its checks and trigger). */
import { date, integer, numeric, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { PREPAYMENT_KINDS, PREPAYMENT_MODES, RECEIPT_METHODS } from '@shared/enums';
import { users } from '../access/schema';
import { creditOperations } from '../operations/schema';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const prepayments = pgTable(
  'prepayments',
  {
    id: serial('id').primaryKey(),
    credit_operation_id: integer('credit_operation_id').notNull().references(() => creditOperations.id),
    kind: text('kind', { enum: PREPAYMENT_KINDS }).notNull(),
    mode: text('mode', { enum: PREPAYMENT_MODES }),
    paid_on: date('paid_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    principal: money('principal').notNull(),
    interest: money('interest').notNull(),
    present_value: money('present_value').notNull(),
    nominal: money('nominal').notNull(),
    discount: money('discount').notNull(),
    from_version: integer('from_version').notNull(),
    to_version: integer('to_version').notNull(),
    installments_replaced: integer('installments_replaced').notNull(),
    installments_after: integer('installments_after').notNull(),
    method: text('method', { enum: RECEIPT_METHODS }).notNull(),
    reference: text('reference'),
    actor_id: integer('actor_id').references(() => users.id),
    created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.credit_operation_id, t.to_version)],
);

export type PrepaymentRow = typeof prepayments.$inferSelect;
