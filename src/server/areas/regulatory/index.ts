/** The lender's duties to the Central Bank (SCR). README.md beside this file has each document's section. */
export * from './doc3044';
export * from './doc3040';
