/** The model backend, the tools that ask before running, and which specialists are available and why not. */
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.ts';
import type { SettingsView } from '../types.ts';

export function SettingsPage() {
  const [s, setS] = useState<SettingsView | null>(null);
  const [custom, setCustom] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const load = () => void api.settings().then(setS, (e: Error) => setMessage(e.message));
  useEffect(load, []);
  const save = async (change: { model?: string; approvals?: string[] }) => {
    // the default is the whole server's: every user's new chats; a chat's own model is chosen in the chat
    if (change.model !== undefined && change.model !== s?.model && !confirm(`Make ${change.model} the default model for new chats, for everyone using this server? Chats that exist keep their own model.`)) {
      load();
      return;
    }
    try {
      const r = await api.saveSettings(change);
      setMessage(`saved: default model for new chats ${r.model}; approvals ${r.approvals.join(', ') || 'none'}`);
      load();
    } catch (err) {
      setMessage((err as Error).message);
    }
  };
  if (!s) return <div class="page">{message ?? 'loading…'}</div>;
  return (
    <div class="page settings">
      <header class="page-head">
        <h1>Models & agents</h1>
        <span class="muted">default model for new chats: {s.model}</span>
      </header>
      {message && <p class="settings-message">{message}</p>}
      <h2>Default model for new chats (server-wide)</h2>
      <p class="muted model-note">Applies to every user's new chats on this server, after you confirm. A chat's own model is chosen in the chat (“model for this chat”); chats that exist keep theirs.</p>
      <ul class="backend-list">
        {s.backends.map((b) => (
          <li key={b.spec} class={b.available ? 'ok' : 'unavailable'} data-spec={b.spec}>
            <label>
              <input type="radio" name="model" checked={s.model === b.spec} disabled={!b.available} onChange={() => void save({ model: b.spec })} />
              <b>{b.label}</b> <code>{b.spec}</code>
            </label>
            {b.reason && <div class="muted reason">{b.reason}</div>}
          </li>
        ))}
      </ul>
      <form
        class="custom-model"
        onSubmit={(e) => {
          e.preventDefault();
          if (custom.trim()) void save({ model: custom.trim() });
        }}
      >
        <input value={custom} placeholder="another spec, e.g. openai-compatible:qwen2.5@http://127.0.0.1:8000/v1" onInput={(e) => setCustom((e.target as HTMLInputElement).value)} />
        <button type="submit">Use</button>
      </form>
      <h2>Ask before running</h2>
      <div class="approvals">
        {/* a name two agents share (job_status: HPC and printer) is one setting, shown once */}
        {[...new Set(s.approvableTools)].map((t) => (
          <label key={t}>
            <input
              type="checkbox"
              data-tool={t}
              checked={s.approvals.includes(t)}
              onChange={(e) => {
                const on = (e.target as HTMLInputElement).checked;
                const approvals = on ? [...s.approvals, t] : s.approvals.filter((x) => x !== t);
                setS({ ...s, approvals });
                void save({ approvals });
              }}
            />
            <code>{t}</code>
            {s.defaultApprovals?.includes(t) && !s.approvals.includes(t) && <span class="warn removed-default"> default approval removed</span>}
          </label>
        ))}
      </div>
      <h2>Specialists</h2>
      <table class="specialists">
        <thead>
          <tr>
            <th>agent</th>
            <th>status</th>
            <th>what it does</th>
          </tr>
        </thead>
        <tbody>
          {s.specialists.map((a) => (
            <tr key={a.name} data-specialist={a.name}>
              <td>
                <b>{a.name}</b>
              </td>
              <td class={a.available ? 'ok' : 'unavailable'}>{a.available ? 'available' : `unavailable: ${a.reason}`}</td>
              <td>
                {a.description}
                {a.tools.length > 0 && <div class="muted">tools: {a.tools.join(', ')}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
