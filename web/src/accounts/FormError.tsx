/** An error tied to the form above it (D9: role="alert", stays until the next attempt). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="notice notice-error">
      {message}
    </div>
  );
}
