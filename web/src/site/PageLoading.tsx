/** Shown while the code of a page is fetched on first load. */
export function PageLoading() {
  return (
    <p className="container status-page" role="status">
      Chargement…
    </p>
  );
}
