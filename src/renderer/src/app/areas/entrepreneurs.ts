/** The entrepreneurs and simulations area (issue 8 §3, §4), loaded on first visit. */
export { EntrepreneursListScreen } from '../../screens/entrepreneurs/EntrepreneursListScreen';
export { EntrepreneurScreen } from '../../screens/entrepreneurs/EntrepreneurScreen';
export { SimulationsListScreen } from '../../screens/simulations/SimulationsListScreen';
