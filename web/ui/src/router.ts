/**
 * A tiny hash router: `#/<page>/<param>...`. Pages are looked up in the pages table (pages.ts),
 * so a new capability (documents, cluster jobs, printers, benchmarks) is one entry there.
 */
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  page: string;
  params: string[];
}

/** A part of the fragment decoded; a malformed escape (`%E0%A4`) is kept as written instead of throwing. */
function decodePart(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodePart);
  return { page: parts[0] ?? '', params: parts.slice(1) };
}

export function href(page: string, ...params: string[]): string {
  return `#/${[page, ...params].map(encodeURIComponent).join('/')}`;
}

export function navigate(page: string, ...params: string[]): void {
  location.hash = href(page, ...params);
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseHash(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseHash(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
