import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Text of a search box kept in the URL (`?q=`). The box shows local state, so each keystroke answers at
 * once even while the URL update (a router navigation) is in flight; the URL is written on every change,
 * not after a pause, so no late write can cancel a link the user followed meanwhile.
 */
export function useSearchParamText(param = 'q'): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(param) ?? '';
  const [text, setText] = useState(fromUrl);
  const written = useRef(fromUrl);

  // The URL changed from elsewhere (Back, a link, "Clear filters"): show it.
  useEffect(() => {
    if (fromUrl !== written.current) {
      written.current = fromUrl;
      setText(fromUrl);
    }
  }, [fromUrl]);

  const update = useCallback(
    (value: string) => {
      setText(value);
      written.current = value;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(param, value);
          else next.delete(param);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [param, setParams],
  );
  return [text, update];
}
