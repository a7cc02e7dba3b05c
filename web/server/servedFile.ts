/**
 * The headers a file someone else wrote (an upload, a tool's artifact) is served with. Only types
 * a browser shows without running anything open in the tab — PDF, raster images, plain text — and
 * even they get a sandboxing Content-Security-Policy (PDF keeps the app's policy: Chromium's viewer
 * will not open a sandboxed PDF, and it runs no page script). Everything else (HTML, SVG, XML,
 * unknown) is an attachment with the sandbox too, so an uploaded page can never run or navigate
 * (a `<meta refresh>`) at our origin. `X-Content-Type-Options: nosniff` always, so the browser
 * keeps to the declared type.
 */
import { basename, extname } from 'node:path';

export const SANDBOX_CSP = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'";
const INLINE = new Set(['.pdf', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.txt', '.md', '.csv', '.log']);

/** `filename="…"` with only safe characters (quotes, backslashes, controls and non-ASCII become "_"). */
function quotedName(path: string): string {
  return basename(path).replace(/[^\x20-\x7e]|["\\]/g, '_');
}

export function servedFileHeaders(path: string, opts: { download?: boolean; name?: string } = {}): Record<string, string> {
  const ext = extname(path).toLowerCase();
  const inline = !opts.download && INLINE.has(ext);
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${quotedName(opts.name ?? path)}"`,
    ...(ext === '.pdf' && inline ? {} : { 'Content-Security-Policy': SANDBOX_CSP }),
  };
}
