/**
 * remittance_items.attempt: a title the bank refused to register (return
 * movement 03, entrada rejeitada) goes out again as a new entry (01) under
 * the same slip and nosso número — the bank holds no title under it, and the
 * slip the borrower already has becomes payable once registered. A slip went
 * out once per instruction (UNIQUE (boleto_slip_id, instruction)); now once
 * per instruction and attempt: the first entry is attempt 1, each resend the
 * next, so two files still never carry the same attempt of one slip.
 */
export const id = '0034_remittance_resend';

export const sql = /* sql */ `
ALTER TABLE remittance_items ADD COLUMN attempt smallint NOT NULL DEFAULT 1 CHECK (attempt >= 1);
ALTER TABLE remittance_items DROP CONSTRAINT remittance_items_boleto_slip_id_instruction_key;
ALTER TABLE remittance_items ADD CONSTRAINT remittance_items_slip_instruction_attempt UNIQUE (boleto_slip_id, instruction, attempt);
ALTER TABLE remittance_items ADD CONSTRAINT remittance_items_resend_is_entry CHECK (attempt = 1 OR instruction = 'entry');
`;
