/** Renders timeline rows: chat bubbles, hand-offs, tool cards (arguments, live progress, results, images, STL). */
import { Fragment } from 'preact';
import { href } from '../router.ts';
import type { ArtifactLink } from '../types.ts';
import { AnswerText } from './answerText.tsx';
import { progressView, toolState, type Row, type ToolRow } from './timeline.ts';

const json = (v: unknown) => JSON.stringify(v, null, 2);
const compact = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));

function Links({ links, onOpenStl }: { links: ArtifactLink[]; onOpenStl: (l: ArtifactLink) => void }) {
  const images = links.filter((l) => l.kind === 'image');
  const stls = links.filter((l) => l.mediaType === 'model/stl');
  const others = links.filter((l) => !images.includes(l) && !stls.includes(l));
  return (
    <div class="links">
      {images.map((l) => (
        <figure key={l.url} class="artifact-image">
          <a href={l.url} target="_blank" rel="noopener">
            <img src={l.url} alt={l.name} loading="lazy" />
          </a>
          <figcaption>{l.name}</figcaption>
        </figure>
      ))}
      {stls.map((l) => (
        <div key={l.url} class="stl-actions">
          <span class="stl-name">{l.name}</span>
          <button class="open-stl" onClick={() => onOpenStl(l)}>
            View in 3D
          </button>
          <a class="button download-stl" href={`${l.url}?download=1`} download={l.name}>
            Download STL
          </a>
        </div>
      ))}
      {others.map((l) => (
        <a key={l.url} class="button download-file" href={`${l.url}?download=1`} download={l.name} data-kind={l.kind}>
          {l.name}
        </a>
      ))}
    </div>
  );
}

/** A result's `summary` (flat name → value, e.g. a slicing summary) as a small table in the card. */
function Summary({ value }: { value: unknown }) {
  const summary = value && typeof value === 'object' ? (value as { summary?: unknown }).summary : undefined;
  if (!summary || typeof summary !== 'object' || Array.isArray(summary)) return null;
  const rows = Object.entries(summary as Record<string, unknown>).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  if (!rows.length) return null;
  return (
    <dl class="tool-summary">
      {rows.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd data-key={k}>{String(v)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function ToolCard({ row, onOpenStl }: { row: ToolRow; onOpenStl: (l: ArtifactLink) => void }) {
  const { state, exit } = toolState(row);
  const p = progressView(row);
  return (
    <div class={`tool-card ${state}`} data-tool={row.name} data-state={state}>
      <div class="tool-head">
        <span class="agent-tag">{row.agent}</span>
        <code class="tool-name">{row.name}</code>
        <span class={`chip ${state}`}>{state === 'running' ? 'running…' : state === 'waiting' ? 'waiting for you' : state === 'stopped' ? 'stopped' : `${exit ?? state} · ${Math.round(row.result!.durationMs)} ms`}</span>
      </div>
      {row.args !== undefined && <code class="tool-args">{compact(row.args)}</code>}
      {p && (
        <div class="progress" data-done={p.done} data-total={p.total}>
          {p.total > 0 ? <progress max={p.total} value={p.fill} /> : !row.result && !row.stopped && <progress />}
          <span>{p.text}</span>
        </div>
      )}
      {row.result && (
        <>
          {row.result.ok && <Summary value={row.result.value} />}
          <details class="tool-result">
            <summary>{row.result.ok ? 'result' : 'error'}</summary>
            <pre>{json(row.result.value)}</pre>
          </details>
          {row.result.links.length > 0 && <Links links={row.result.links} onOpenStl={onOpenStl} />}
        </>
      )}
    </div>
  );
}

/** A failed run (or request): what went wrong, what to do about it, Retry and where to switch the model. */
export function Failure({ error, hint, onRetry, onSwitchModel }: { error: string; hint?: string; onRetry?: () => void; onSwitchModel?: () => void }) {
  return (
    <div class="event warn run-failed">
      <p class="failure-what">
        <b>The run failed:</b> {error}
      </p>
      {hint && <p class="failure-hint">What to do: {hint}</p>}
      <div class="failure-actions">
        {onRetry && (
          <button class="small primary retry" onClick={onRetry}>
            Retry
          </button>
        )}
        {onSwitchModel ? (
          <button class="small secondary switch-model" onClick={onSwitchModel}>
            Switch the model
          </button>
        ) : (
          <a class="switch-model" href={href('settings')}>
            Models & agents
          </a>
        )}
      </div>
    </div>
  );
}

export function TimelineView({
  rows,
  onOpenStl,
  onAnswer,
  onRetry,
  onSwitchModel,
}: {
  rows: Row[];
  onOpenStl: (l: ArtifactLink) => void;
  onAnswer?: () => void;
  onRetry?: (message: string) => void;
  onSwitchModel?: () => void;
}) {
  return (
    <div class="timeline">
      {rows.map((row, i) => {
        switch (row.kind) {
          case 'user':
            return (
              <div key={i} class="bubble user">
                {row.text}
                {row.sketch && <div class="sketch-note">with {row.sketch}</div>}
              </div>
            );
          case 'answer':
            return (
              <div key={i} class="bubble answer" data-agent={row.agent}>
                <div class="who">{row.agent}</div>
                <AnswerText text={row.text} />
              </div>
            );
          case 'handoff':
            return (
              <div key={i} class="event handoff">
                <b>{row.from}</b> → <b>{row.to}</b>: {row.task}
              </div>
            );
          case 'note':
            return (
              <div key={i} class="event note">
                {row.text}
              </div>
            );
          case 'model':
            return (
              <div key={i} class="event model">
                {row.agent} · {row.model} · {Math.round(row.latencyMs)} ms{row.toolCalls.length ? ` · calls ${row.toolCalls.join(', ')}` : ''}
              </div>
            );
          case 'tool':
            return <ToolCard key={row.key} row={row} onOpenStl={onOpenStl} />;
          case 'question':
            return (
              <div key={i} class="event question">
                <b>{row.payload.kind === 'approval' ? 'Approval needed' : 'Question'}</b> from {row.payload.agent}:{' '}
                {row.payload.kind === 'approval' && !row.payload.interrupted && row.payload.tool ? `${row.payload.tool} asks before it runs (what it does is in the dialog)` : row.payload.question}
                {onAnswer && i === rows.length - 1 && (
                  <button class="small" onClick={onAnswer}>
                    Answer
                  </button>
                )}
              </div>
            );
          case 'warn':
            return (
              <div key={i} class="event warn">
                {row.text}
              </div>
            );
          case 'failed':
            return <Failure key={i} error={row.error} hint={row.hint} onRetry={onRetry && i === rows.length - 1 && row.message ? () => onRetry(row.message!) : undefined} onSwitchModel={i === rows.length - 1 ? onSwitchModel : undefined} />;
        }
      })}
    </div>
  );
}
