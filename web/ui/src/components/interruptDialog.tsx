/**
 * The modal for a paused graph: approve/deny a tool call (a typed decision bound to the call and
 * digest shown; what runs is said in words: the full command, then where — cluster, partition,
 * printer, file — row by row), or answer a clarification question (sent as an answer to that question).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ApprovalDecision, InterruptPayload } from '../types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const quoteArg = (a: string) => (/^[A-Za-z0-9_./:=@%+,-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);

/** The lines that run, in full: a program with its arguments, or a job script's commands. */
function commandsOf(subject: Record<string, unknown>): string[] {
  if (Array.isArray(subject.argv) && typeof subject.path === 'string') return [[subject.path, ...subject.argv.map(String)].map(quoteArg).join(' ')];
  if (Array.isArray(subject.commands)) return subject.commands.map(String);
  if (typeof subject.command === 'string') return [subject.command];
  return [];
}

const SHOWN_AS_COMMAND = new Set(['argv', 'path', 'commands', 'command']);
const valueText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v));

/** What the approval lets run and where, in words: the commands in full, then each detail (printer, cluster, file, …) on its own row. */
function WhatRuns({ subject: given }: { subject: unknown }) {
  // a subject that is just the call's arguments ({args}): its fields
  const subject = isObject(given) && Object.keys(given).length === 1 && isObject(given.args) ? given.args : given;
  if (!isObject(subject)) return <pre class="args">{JSON.stringify(subject, null, 2)}</pre>;
  const commands = commandsOf(subject);
  const details = Object.entries(subject).filter(([k, v]) => !(commands.length && SHOWN_AS_COMMAND.has(k)) && v !== undefined && v !== null);
  return (
    <div class="what-runs">
      {commands.length > 0 && (
        <>
          <p class="what-label">{commands.length === 1 ? 'This runs:' : 'These run:'}</p>
          <pre class="command">{commands.join('\n')}</pre>
        </>
      )}
      {details.length > 0 && (
        <table class="subject">
          <tbody>
            {details.map(([k, v]) => (
              <tr key={k} data-key={k}>
                <th>{k.replace(/_/g, ' ')}</th>
                <td>{valueText(v)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function decide(payload: InterruptPayload, decision: ApprovalDecision['decision']): ApprovalDecision {
  return { decision, callId: payload.callId ?? '', digest: payload.digest ?? '' };
}

export function InterruptDialog({ payload, onResume, onClose }: { payload: InterruptPayload; onResume: (value: unknown) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const approval = payload.kind === 'approval';
  return (
    <dialog ref={ref} class="interrupt-dialog" data-kind={payload.kind} onCancel={(e) => (e.preventDefault(), onClose())}>
      <h2>{payload.interrupted ? `Run the interrupted ${payload.tool ?? 'step'} again?` : approval ? `Approve ${payload.tool}?` : 'The agents need an answer'}</h2>
      <p class="from">from {payload.agent}</p>
      {/* an approval's question is the call as JSON: the rows below say it in words */}
      <p class="question">{approval && !payload.interrupted && (payload.subject ?? payload.args) !== undefined ? `The ${payload.agent} agent asks before it runs ${payload.tool ?? 'this'}:` : payload.question}</p>
      {approval && (payload.subject ?? payload.args) !== undefined && <WhatRuns subject={payload.subject ?? payload.args} />}
      {approval ? (
        <div class="actions">
          <button class="secondary" onClick={onClose}>
            Later
          </button>
          <button class="danger deny" onClick={() => onResume(decide(payload, 'deny'))}>
            Deny
          </button>
          <button class="primary approve" onClick={() => onResume(decide(payload, 'approve'))}>
            Approve
          </button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) onResume({ answer: text.trim() });
          }}
        >
          <textarea
            class="answer-input"
            rows={3}
            value={text}
            onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
            onKeyDown={(e) => {
              // Enter sends the answer, Shift+Enter starts a new line (as in the composer)
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                if (text.trim()) onResume({ answer: text.trim() });
              }
            }}
            placeholder="Your answer (Enter to send, Shift+Enter for a new line)"
            autoFocus
          />
          <div class="actions">
            <button type="button" class="secondary" onClick={onClose}>
              Later
            </button>
            <button type="button" class="secondary defaults" onClick={() => onResume({ answer: 'defaults' })}>
              Use defaults
            </button>
            <button type="submit" class="primary send-answer" disabled={!text.trim()}>
              Send answer
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
