/** SCR Doc 3044 (events): the queue refreshed from the journal, the JSON remittance, the record of what was sent. */
export { refreshEvents, listEvents, listFiles, loadFile, fileContent, generateFile, markSent, DOC3044_MESSAGES } from './events';
export { eventDeadline, checkDoc3044, DOC3044_RULES } from './layout';
