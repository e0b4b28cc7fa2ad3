/**
 * Written-off positions in the monthly close, and Doc 3044 corrections.
 *
 * - ledger_close_positions: what the close recorded of an operation's
 *   write-offs in force on its as-of day (installment_write_offs not undone
 *   by then): the total, the first and last day written off and the SCR Doc
 *   3040 buckets at the data-base (v310 up to 12 months, v320 over 12 up to
 *   48, v330 over 48: Instruções de Preenchimento do Doc 3040, anexo
 *   Vencimentos), so the month's 3040 shows again as it was. An operation
 *   written off whole has a position with a zero balance and these figures.
 *   The table stays append-only (0048's triggers); earlier rows read 0.
 * - scr_events: a record that corrects an event already sent or in a file
 *   (tipo de ação 2 exclusão, 3 alteração) names it in corrects_id; an event
 *   cancelled before it left (never in a file) and the record that cancelled
 *   it both carry voided_by (that record's id): neither is sent.
 */
export const id = '0067_written_off_and_3044_corrections';

export const sql = /* sql */ `
ALTER TABLE ledger_close_positions
  ADD COLUMN written_off numeric(14,2) NOT NULL DEFAULT 0 CHECK (written_off >= 0),
  ADD COLUMN written_off_first_on date,
  ADD COLUMN written_off_last_on date,
  ADD COLUMN written_off_v310 numeric(14,2) NOT NULL DEFAULT 0 CHECK (written_off_v310 >= 0),
  ADD COLUMN written_off_v320 numeric(14,2) NOT NULL DEFAULT 0 CHECK (written_off_v320 >= 0),
  ADD COLUMN written_off_v330 numeric(14,2) NOT NULL DEFAULT 0 CHECK (written_off_v330 >= 0),
  ADD CONSTRAINT ledger_close_positions_written_off_buckets CHECK (written_off = written_off_v310 + written_off_v320 + written_off_v330),
  ADD CONSTRAINT ledger_close_positions_written_off_days CHECK ((written_off = 0) = (written_off_first_on IS NULL) AND (written_off_first_on IS NULL) = (written_off_last_on IS NULL));

ALTER TABLE scr_events
  ADD COLUMN corrects_id integer REFERENCES scr_events(id),
  ADD COLUMN voided_by integer REFERENCES scr_events(id),
  ADD CONSTRAINT scr_events_correction CHECK ((acao = 1) = (corrects_id IS NULL)),
  ADD CONSTRAINT scr_events_void_unsent CHECK (voided_by IS NULL OR sent_at IS NULL);
CREATE INDEX scr_events_corrects ON scr_events (corrects_id) WHERE corrects_id IS NOT NULL;
`;
