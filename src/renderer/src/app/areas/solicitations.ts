/** The solicitations area (lists and the view screen), loaded on first visit; the PDF reader loads later, with the first PDF. */
export { SolicitationsListScreen } from '../../screens/solicitations/SolicitationsListScreen';
export { SolicitationViewScreen } from '../../screens/solicitations/SolicitationViewScreen';
