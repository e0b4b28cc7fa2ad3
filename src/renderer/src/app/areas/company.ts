/** The company setup area (issue 9 §1: Operações › Empresa), loaded on first visit. */
export { CompanyOperationScreen } from '../../screens/company/CompanyOperationScreen';
