/** The list state in the URL now lives with the list kit (components/list/listState.ts); kept for the tables outside the kit. */
export * from './list/listState';
