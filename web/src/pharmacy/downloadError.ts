import { ApiError } from '../api/client';
import { MSG } from '../staff/messages';

/** The French message of a failed PDF download (docs/product.md §8). */
export function downloadErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError) || err.isNetwork) return MSG.downloadFailed;
  if (err.status === 401) return err.message || MSG.sessionInvalid;
  if (err.status === 403) return err.message || MSG.forbidden;
  if (err.status === 404) return MSG.pdfNotFound;
  return MSG.downloadFailed;
}
