/** The company setup area (Operações › Empresa), loaded on first visit. */
export { CompanyOperationScreen } from '../../screens/company/CompanyOperationScreen';
export { RemittanceScreen } from '../../screens/company/remittance/RemittanceScreen';
export { AssignmentRemittanceScreen } from '../../screens/company/assignment-remittance/AssignmentRemittanceScreen';
export { ManualRemittanceScreen } from '../../screens/company/remittance-manual/ManualRemittanceScreen';
export { CnabReturnScreen } from '../../screens/company/cnab-return/CnabReturnScreen';
export { RemittanceOperationScreen } from '../../screens/company/remittance/RemittanceOperationScreen';
export { IofReportScreen } from '../../screens/company/reports/IofReportScreen';
export { OperationsReportScreen } from '../../screens/company/reports/OperationsReportScreen';
export { ParameterizedReportScreen } from '../../screens/company/reports/ParameterizedReportScreen';
