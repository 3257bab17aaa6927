import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { setOrDelete, useReplaceSearchParams } from '@/shared/navigation/use-replace-search-params.ts';

/**
 * Text of a search box kept in the URL (`?q=`). The box shows local state, so each keystroke answers at
 * once even while the URL update (a router navigation) is in flight; the URL is written on every change,
 * not after a pause, so no late write can cancel a link the user followed meanwhile.
 */
export function useSearchParamText(param = 'q'): [string, (value: string) => void] {
  const [params] = useSearchParams();
  const replace = useReplaceSearchParams();
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
      replace((next) => setOrDelete(next, param, value), { preventScrollReset: true });
    },
    [param, replace],
  );
  return [text, update];
}
