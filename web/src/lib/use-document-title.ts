import { useEffect } from 'react';
import { useRuntimeConfig } from '../config/config-context';

/** Sets the browser tab title to `<page> · <productName>` while the calling page is shown. */
export function useDocumentTitle(page: string): void {
  const { productName } = useRuntimeConfig();
  useEffect(() => {
    document.title = `${page} · ${productName}`;
  }, [page, productName]);
}
