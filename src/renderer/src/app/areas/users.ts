/** The staff accounts area, loaded on first visit. */
export { UsersListScreen } from '../../screens/users/UsersListScreen';
export { UserFormScreen } from '../../screens/users/UserFormScreen';
