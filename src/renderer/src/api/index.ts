export { callApi, bridge } from './client';
export { useApiQuery, useApiMutation, apiKey } from './hooks';
export { ApiError, isApiError, errorText, fieldOf } from './errors';
