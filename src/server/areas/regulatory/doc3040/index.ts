/** The SCR's Doc 3040 (README.md of the regulatory area, "Doc 3040"): a month's check and its file's parts. */
export { checkMonth, filePart } from './service';
