/** The shell: the routed page and the sidebar (pages, recent threads, new chat; a menu on narrow screens). */
import { useCallback, useEffect, useState } from 'preact/hooks';
import { api } from './api.ts';
import { pageOf, pages } from './pages.ts';
import { href, navigate, useRoute } from './router.ts';
import type { ThreadRow } from './types.ts';

export function App() {
  const route = useRoute();
  const page = pageOf(route.page);
  const [threads, setThreads] = useState<ThreadRow[]>([]);
  const refresh = useCallback(() => void api.threads().then(setThreads, () => {}), []);
  useEffect(refresh, [refresh]);
  const current = page.id === 'chat' ? route.params[0] : undefined;
  const [menuOpen, setMenuOpen] = useState(false);
  // a page chosen from the menu closes it
  useEffect(() => setMenuOpen(false), [route.page, route.params.join('/')]);
  const Page = page.component;
  return (
    // the page comes first in the document (CSS puts the sidebar on the left): Tab goes from the composer to Send, then to the navigation
    <div class="shell">
      <main class="content">
        <Page key={page.id} params={route.params} onThreadsChanged={refresh} />
      </main>
      <aside class={menuOpen ? 'sidebar open' : 'sidebar'}>
        <div class="sidebar-top">
          <div class="brand">EngiAI</div>
          <button class="menu-toggle" type="button" aria-expanded={menuOpen} aria-label="Menu" onClick={() => setMenuOpen((o) => !o)}>
            {menuOpen ? 'Close' : 'Menu'}
          </button>
        </div>
        <nav>
          {pages
            .filter((p) => p.nav)
            .map((p) => (
              <a key={p.id} class={p.id === page.id ? 'nav active' : 'nav'} href={href(p.id)}>
                {p.title}
              </a>
            ))}
        </nav>
        <button
          class="primary new-chat"
          onClick={() => {
            setMenuOpen(false);
            navigate('chat');
          }}
        >
          + New chat
        </button>
        <div class="recent">
          {threads.slice(0, 30).map((t) => (
            <a key={t.id} class={t.id === current ? 'thread active' : 'thread'} href={href('chat', t.id)} title={t.title} data-thread={t.id}>
              {t.title}
            </a>
          ))}
        </div>
      </aside>
    </div>
  );
}
