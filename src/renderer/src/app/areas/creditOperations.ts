/** The credit operations area (the list, the building flow, the loan proposal and the analysis), loaded on first visit. */
export { OperationsListScreen } from '../../screens/creditOperations/OperationsListScreen';
export { BuildingScreen } from '../../screens/creditOperations/BuildingScreen';
export { ProposalScreen } from '../../screens/creditOperations/ProposalScreen';
export { AnalysisScreen } from '../../screens/creditOperations/AnalysisScreen';
