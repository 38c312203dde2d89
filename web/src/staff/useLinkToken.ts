import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The token of an e-mailed link (invitation, e-mail verification, password reset). The product
 * puts it in the fragment (`#invite=…`, `#token=…`), which the browser never sends to a server,
 * a proxy log or a Referer header; a link e-mailed by an earlier version has it in the query.
 * Once read, the address bar forgets it (history entry replaced), so that it is neither
 * bookmarked nor shown on a shared screen.
 */
export function useLinkToken(name: 'invite' | 'token'): string {
  const location = useLocation();
  const navigate = useNavigate();
  const inAddress =
    new URLSearchParams(location.hash.slice(1)).get(name) ?? new URLSearchParams(location.search).get(name);
  // Kept once the address bar has forgotten it; a newer link opened in the same tab replaces it.
  const [token, setToken] = useState(inAddress ?? '');
  if (inAddress !== null && inAddress !== token) setToken(inAddress);
  useEffect(() => {
    if (inAddress !== null) void navigate({ pathname: location.pathname, search: '', hash: '' }, { replace: true });
  }, [inAddress, navigate, location.pathname]);
  return inAddress ?? token;
}
