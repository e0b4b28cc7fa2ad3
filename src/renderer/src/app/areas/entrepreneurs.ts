/** The entrepreneurs and simulations area (their lists, one person's client info), loaded on first visit. */
export { EntrepreneursListScreen } from '../../screens/entrepreneurs/EntrepreneursListScreen';
export { EntrepreneurScreen } from '../../screens/entrepreneurs/EntrepreneurScreen';
export { SimulationsListScreen } from '../../screens/simulations/SimulationsListScreen';
