import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An address of this app (a path, with its search and hash). */
  to: To;
  /** Replaces the current entry of the history instead of adding one (react-router's default: only for the address on display). */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a screen of the app: react-router's `Link` as our screens use it, made of the two
 * hooks react-router gives for links of one's own (`useHref`, `useLinkClickHandler`). Its own
 * `Link` also carries framework mode's route prefetching and discovery, which this app has no
 * use for and which weighed about 2 KB gzip of every screen's first load. A click with a
 * modifier key, another button or another target leaves it to the browser, as react-router's.
 */
export function Link({ to, replace, target, onClick, ref, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { replace, target });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={click} />;
}
