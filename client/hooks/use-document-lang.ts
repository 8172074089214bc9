import { useEffect } from 'react';

/**
 * `<html lang>` follows the English flag, as the server wrote it for the first page
 * (server/ssr/render.server.tsx): what is left in Japanese says `lang="ja"` on its own element.
 */
export function useDocumentLang(english: boolean): void {
  useEffect(() => {
    document.documentElement.lang = english ? 'en' : 'ja';
  }, [english]);
}
