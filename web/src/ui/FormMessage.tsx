/**
 * A message tied to the form above it (D9): an error (role="alert", stays until the next
 * attempt) or a success (role="status"). Nothing when there is no message.
 */
export function FormMessage({ message, kind = 'error' }: { message: string | null; kind?: 'error' | 'success' }) {
  if (!message) return null;
  return kind === 'error' ? (
    <div role="alert" className="notice notice-error">
      {message}
    </div>
  ) : (
    <p role="status" className="notice notice-success">
      {message}
    </p>
  );
}
