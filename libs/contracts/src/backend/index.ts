export type { JsonPrimitive, JsonValue, JsonObject } from './json.js';
export { BACKEND_ERROR_CODES, BACKEND_BUNDLE_GLOBAL } from './backend-runtime.js';
export type {
  BackendRequest,
  BackendError,
  BackendErrorCode,
  BackendBody,
  BackendResponse,
  StoredRecord,
  StoreComparison,
  StoreCondition,
  StoreListQuery,
  StoreListResult,
  StoreWriteResult,
  StoreWriteOptions,
  StoreUpdateOptions,
  BackendStore,
  BackendContext,
  BackendModule,
} from './backend-runtime.js';
