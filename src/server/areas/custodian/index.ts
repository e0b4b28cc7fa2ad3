/**
 * The custodian's CNAB 444 return: the custodian's answer about the titles a
 * cession's assignment remittance sent (accepted or refused, with reasons),
 * previewed line by line and applied once; a refused title's cession is
 * undone through transfers' own reversal (its rules, entries and four eyes).
 * Other areas call nothing here: the server's composition registers its
 * handlers (handlers/index.ts). Split from transfers, which holds the
 * cessions themselves, to keep each area small enough to read.
 */
export {};
