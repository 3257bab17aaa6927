import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const URL_DELAY_MS = 300;

/**
 * Text of a search box kept in the URL (`?q=`): the box answers each keystroke from local state and the
 * URL follows after a pause, so typing does not navigate (and re-run route loaders) per character.
 */
export function useSearchParamText(param = 'q'): [string, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get(param) ?? '';
  const [text, setText] = useState(fromUrl);
  const pending = useRef(false);

  // The URL changed from elsewhere (Back, a link, "Clear filters"): show it.
  useEffect(() => {
    if (!pending.current) setText(fromUrl);
  }, [fromUrl]);

  useEffect(() => {
    if (!pending.current) return;
    const timer = setTimeout(() => {
      pending.current = false;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text) next.set(param, text);
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    }, URL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, param, setParams]);

  const update = useCallback((value: string) => {
    pending.current = true;
    setText(value);
  }, []);
  return [text, update];
}
