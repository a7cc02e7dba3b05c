/** All threads: open, rename, remove from the list (the checkpoints stay). */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import type { PageProps } from '../pages.ts';
import { href } from '../router.ts';
import type { ThreadRow } from '../types.ts';

function ThreadItem({ t, onChanged }: { t: ThreadRow; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(t.title);
  const [error, setError] = useState<string | null>(null);
  const save = async (e: Event) => {
    e.preventDefault();
    try {
      await api.rename(t.id, title);
      setEditing(false);
      onChanged();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <li class="thread-item" data-thread={t.id}>
      {editing ? (
        <form onSubmit={save} class="rename-form">
          <input class="rename-input" value={title} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} autoFocus />
          <button class="primary save-title" type="submit">
            Save
          </button>
          <button type="button" class="secondary" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <a class="thread-title" href={href('chat', t.id)}>
            {t.title}
          </a>
          <span class="muted">
            {t.model} · updated {t.updated ? new Date(t.updated).toLocaleString() : '–'}
            {t.running ? ' · running' : ''}
          </span>
          <button class="small rename" onClick={() => setEditing(true)}>
            Rename
          </button>
          <button
            class="small secondary"
            onClick={() => {
              if (confirm(`Remove "${t.title}" from the list?`)) void api.deleteThread(t.id).then(onChanged);
            }}
          >
            Remove
          </button>
        </>
      )}
      {error && <span class="error-text">{error}</span>}
    </li>
  );
}

export function ThreadsPage({ onThreadsChanged }: PageProps) {
  const [threads, setThreads] = useState<ThreadRow[] | null>(null);
  const load = () => void api.threads().then(setThreads);
  useEffect(load, []);
  const changed = () => {
    load();
    onThreadsChanged();
  };
  return (
    <div class="page">
      <header class="page-head">
        <h1>Threads</h1>
      </header>
      {threads === null ? <p class="muted">loading…</p> : threads.length === 0 ? <p class="muted">No conversations yet.</p> : null}
      <ul class="thread-list">
        {threads?.map((t) => (
          <ThreadItem key={`${t.id}:${t.title}`} t={t} onChanged={changed} />
        ))}
      </ul>
    </div>
  );
}
