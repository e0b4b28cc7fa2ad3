/** Broadcast messages, loaded on first visit. */
export { MessagesScreen } from '../../screens/messages/MessagesScreen';
