/** The catalogues (situations, how-did-find, reasons) and projects, loaded on first visit. */
export { CatalogueListScreen } from '../../screens/catalogues/CatalogueListScreen';
export { CatalogueFormScreen } from '../../screens/catalogues/CatalogueFormScreen';
export { ProjectsListScreen } from '../../screens/projects/ProjectsListScreen';
export { ProjectFormScreen } from '../../screens/projects/ProjectFormScreen';
