/**
 * Boletos remember the title data they were issued with.
 *
 * boleto_slips.title_version: the version of the installment's title data
 * (installment_titles.version; 0 when the installment has none) that the slip
 * printed — its document number, its protest or credit-bureau instruction and
 * its note. A registered title must not come back from the service saying
 * something else, so a recorded slip is given again only while the title's
 * version is the one it was issued with; after a change the installment gets
 * a new slip with a new nosso número. Slips issued before this column existed
 * were issued without title data: 0.
 */
export const id = '0020_boleto_title_version';

export const sql = /* sql */ `
ALTER TABLE boleto_slips ADD COLUMN title_version integer NOT NULL DEFAULT 0 CHECK (title_version >= 0);
`;
